import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

import type { Document, DocumentCategory } from '@/contract';
import { formatDate } from '@/contract/dates';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { useUpdateDocumentMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { CheckboxField, FileField, FormActions, FormAlert, type FormMessage, framed, itemModal, SelectField, TextAreaField, TextField, useFields } from '@/ui';

interface Props {
  /** The document to edit (the dialog is closed while there is none). */
  item: Document;
  categories: DocumentCategory[];
  onClose: () => void;
  onSaved: () => void;
}

/** What each type the server accepts is called in words. */
const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'text/plain; charset=utf-8': 'Plain text',
};

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1000)).toLocaleString()} KB`;

const CurrentFile = styled.div`
  margin: 0 0 ${theme.space[4]};
  padding: ${theme.space[3]};
  ${framed('sm')}
  background: ${theme.colors.surfaceAlt};
  overflow-wrap: anywhere;
  h3 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.sm};
  }
  p {
    margin: ${theme.space[1]} 0 0;
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
  }
`;

/** The file the document offers today, so the dialog says what a replacement would replace. */
function CurrentFileBox({ document }: { document: Document }) {
  return (
    <CurrentFile>
      <h3>Current file</h3>
      <a href={document.download_url}>{document.original_filename}</a>
      <p>
        {KINDS[document.content_type] ?? document.content_type}, {kilobytes(document.size)}, uploaded {formatDate(document.uploaded_at)}
      </p>
    </CurrentFile>
  );
}

/** Edits one document's name, description, category and current mark, and optionally replaces its file. */
export const DocumentEditModal = itemModal('Edit Document', DocumentEditForm);

function DocumentEditForm({ item: document, categories, onClose, onSaved }: Props) {
  const [updateDocument, { isLoading }] = useUpdateDocumentMutation();
  const { fields, bind } = useFields({
    name: document.name,
    description: document.description,
    category: document.category === null ? '' : String(document.category),
  });
  const [isCurrent, setIsCurrent] = useState(document.is_current);
  const [replacement, setReplacement] = useState<File | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = fields.name.trim();
    if (!name) {
      setMessage({ tone: 'error', text: 'Document name cannot be empty.' });
      return;
    }
    if (isCurrent && !fields.category) {
      setMessage({ tone: 'error', text: 'A document needs a category to be marked current.' });
      return;
    }
    setMessage(null);
    const body = new FormData();
    body.append('name', name);
    body.append('description', fields.description);
    body.append('category', fields.category);
    body.append('is_current', String(isCurrent));
    if (replacement) body.append('file', replacement);
    try {
      await updateDocument({ id: document.id, body }).unwrap();
      onSaved();
    } catch (failure) {
      setMessage({
        tone: 'error',
        text: failureMessage('Failed to update document.', failure, ['file', 'name', 'description', 'category', 'is_current', 'detail']),
      });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={message} />
      <TextField label="Name" required maxLength={FIELD_LIMITS.documentName} {...bind('name')} />
      <TextAreaField label="Description (optional)" rows={3} maxLength={FIELD_LIMITS.description} {...bind('description')} />
      <SelectField
        label="Category"
        options={categories.map((category) => [category.id, category.name])}
        {...bind('category')}
        hint="The category named CV (in any capitalisation) provides the download on the CV page: its current document is the one visitors get."
      >
        <option value="">No category</option>
      </SelectField>
      <CheckboxField
        label="Current document of its category (other current documents in the category are unmarked)"
        checked={isCurrent}
        onChange={(event) => setIsCurrent(event.target.checked)}
      />
      <CurrentFileBox document={document} />
      <FileField
        label="Replace file (optional)"
        hint="Leave empty to keep the current file. A new file keeps this document's download address and download counts."
        onFile={setReplacement}
      />
      <FormActions label="Save Changes" saving={isLoading} onCancel={onClose} />
    </form>
  );
}
