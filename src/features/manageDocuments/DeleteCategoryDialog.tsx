import { useState } from 'react';

import type { DocumentCategory } from '@/contract';
import { useDeleteCategoryMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { ConfirmDelete, FormAlert, type FormMessage, itemModal, SelectField } from '@/ui';

interface Props {
  /** The category to ask about, as the latest list has it (the dialog is closed while there is none). */
  item: DocumentCategory;
  categories: DocumentCategory[];
  onClose: () => void;
  onDeleted: () => void;
}

const documentsCount = (count: number) => (count === 1 ? '1 document' : `${count} documents`);

/**
 * Asks before a category goes. One that holds documents is deleted only together with moving them
 * to another category, chosen here; a refusal is shown in the dialog.
 */
export const DeleteCategoryDialog = itemModal('Delete this category?', DeleteCategoryForm);

function DeleteCategoryForm({ item: category, categories, onClose, onDeleted }: Props) {
  const [remove, removing] = useDeleteCategoryMutation();
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState<FormMessage | null>(null);
  const others = categories.filter((other) => other.id !== category.id);
  const holdsDocuments = category.document_count > 0;

  async function confirm() {
    if (holdsDocuments && !target) {
      setMessage({ tone: 'error', text: 'Choose the category its documents move to.' });
      return;
    }
    setMessage(null);
    try {
      await remove({ id: category.id, move_to: holdsDocuments ? Number(target) : undefined }).unwrap();
      onDeleted();
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('Failed to delete category.', failure, ['move_to', 'detail']) });
    }
  }

  return (
    <>
      <FormAlert message={message} />
      {!holdsDocuments && <p>“{category.name}” holds no documents. Deleting it cannot be undone.</p>}
      {holdsDocuments && others.length > 0 && (
        <>
          <p>
            “{category.name}” holds {documentsCount(category.document_count)}. They move to the category you choose and keep their names, files and download
            counts; a current document stays current there unless that category already has one.
          </p>
          <SelectField
            label="Move its documents to"
            required
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            options={others.map((other) => [other.id, other.name])}
          >
            <option value="">Choose a category</option>
          </SelectField>
        </>
      )}
      {holdsDocuments && others.length === 0 && (
        <p>
          “{category.name}” holds {documentsCount(category.document_count)} and there is no other category to move them to. Create one first, or move or delete
          its documents.
        </p>
      )}
      <ConfirmDelete
        label="Delete category"
        busy={removing.isLoading}
        disabled={holdsDocuments && others.length === 0}
        onConfirm={() => void confirm()}
        onKeep={onClose}
      />
    </>
  );
}
