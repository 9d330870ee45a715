import { type FormEvent, useState } from 'react';

import type { DocumentCategory } from '@/contract';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { useUploadDocumentMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { Card, CheckboxField, FileField, FormAlert, type FormMessage, SelectField, SubmitButton, TextAreaField, TextField, useFields } from '@/ui';

const emptyForm = { name: '', category: '', description: '' };

/** Upload form: file, name, category, optional description and the current-document choice. */
export function UploadDocumentForm({ categories }: { categories: DocumentCategory[] }) {
  const [upload, { isLoading }] = useUploadDocumentMutation();
  const { fields, setFields, bind } = useFields(emptyForm);
  const [isCurrent, setIsCurrent] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  // A file input cannot be emptied through React state; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const name = fields.name.trim();
    if (!file || !name || !fields.category) {
      setMessage({ tone: 'error', text: 'File, Name, and Category are required for upload.' });
      return;
    }
    const body = new FormData();
    body.append('file', file);
    body.append('name', name);
    body.append('description', fields.description);
    body.append('category', fields.category);
    body.append('is_current', String(isCurrent));
    try {
      await upload(body).unwrap();
      setMessage({ tone: 'success', text: 'Document uploaded successfully!' });
      setFields(emptyForm);
      setIsCurrent(false);
      setFile(null);
      setFileInputKey((key) => key + 1);
    } catch (failure) {
      setMessage({ tone: 'error', text: failureMessage('Failed to upload document.', failure, ['file', 'name', 'detail']) });
    }
  }

  return (
    <Card aria-labelledby="upload-document-heading">
      <h2 id="upload-document-heading">Upload Document</h2>
      <FormAlert message={message} />
      <form onSubmit={submit} noValidate>
        <FileField key={fileInputKey} label="File" required onFile={setFile} />
        <TextField label="Name" required maxLength={FIELD_LIMITS.documentName} {...bind('name')} />
        <SelectField
          label="Category"
          required
          options={categories.map((category) => [category.id, category.name])}
          {...bind('category')}
          hint="The category named CV (in any capitalisation) provides the download on the CV page: its current document is the one visitors get."
        >
          <option value="">Select a category</option>
        </SelectField>
        <TextAreaField label="Description (optional)" rows={3} maxLength={FIELD_LIMITS.description} {...bind('description')} />
        <CheckboxField
          label="Make this the current document of its category (other current documents in the category are unmarked)"
          checked={isCurrent}
          onChange={(event) => setIsCurrent(event.target.checked)}
        />
        <SubmitButton busy={isLoading} busyText="Uploading...">
          Upload Document
        </SubmitButton>
      </form>
    </Card>
  );
}
