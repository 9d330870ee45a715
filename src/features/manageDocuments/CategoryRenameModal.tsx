import { type FormEvent, useState } from 'react';

import type { DocumentCategory } from '@/contract';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { useUpdateCategoryMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { FormActions, FormAlert, type FormMessage, itemModal, TextAreaField, TextField, useFields } from '@/ui';

interface Props {
  /** The category to rename (the dialog is closed while there is none). */
  item: DocumentCategory;
  onClose: () => void;
  onSaved: () => void;
}

/** Renames a category and edits its description. */
export const CategoryRenameModal = itemModal('Rename Category', CategoryRenameForm);

function CategoryRenameForm({ item: category, onClose, onSaved }: Props) {
  const [updateCategory, { isLoading }] = useUpdateCategoryMutation();
  const { fields, bind } = useFields({ name: category.name, description: category.description });
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = fields.name.trim();
    if (!name) {
      setMessage({ tone: 'error', text: 'Category name cannot be empty.' });
      return;
    }
    setMessage(null);
    try {
      await updateCategory({ id: category.id, name, description: fields.description }).unwrap();
      onSaved();
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('Failed to update category.', failure, ['name', 'description', 'detail']) });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={message} />
      <TextField
        label="Category name"
        required
        maxLength={FIELD_LIMITS.categoryName}
        hint="Name a category CV to make its current document the CV page's download."
        {...bind('name')}
      />
      <TextAreaField label="Description (optional)" rows={3} maxLength={FIELD_LIMITS.description} {...bind('description')} />
      <FormActions label="Save Changes" saving={isLoading} onCancel={onClose} />
    </form>
  );
}
