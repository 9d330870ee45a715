import { type FormEvent, useState } from 'react';

import type { DocumentCategory } from '@/contract';
import { useUploadDocumentMutation } from '@/lib/api/documentsApi';
import { failureMessage } from '@/lib/api/errors';
import { Alert, Button, Card, CheckboxField, SelectField, TextAreaField, TextField } from '@/ui';

const emptyForm = { name: '', category: '', description: '', isCurrent: false };

/** Upload form: file, name, category, optional description and the current-document choice. */
export function UploadDocumentForm({ categories }: { categories: DocumentCategory[] }) {
  const [upload, { isLoading }] = useUploadDocumentMutation();
  const [fields, setFields] = useState(emptyForm);
  const [file, setFile] = useState<File | null>(null);
  // A file input cannot be emptied through React state; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    setSuccess('');
    const name = fields.name.trim();
    if (!file || !name || !fields.category) {
      setError('File, Name, and Category are required for upload.');
      return;
    }
    const body = new FormData();
    body.append('file', file);
    body.append('name', name);
    body.append('description', fields.description);
    body.append('category', fields.category);
    body.append('is_current', String(fields.isCurrent));
    try {
      await upload(body).unwrap();
      setSuccess('Document uploaded successfully!');
      setFields(emptyForm);
      setFile(null);
      setFileInputKey((key) => key + 1);
    } catch (failure) {
      setError(failureMessage('Failed to upload document.', failure, ['file', 'name', 'detail']));
    }
  }

  return (
    <Card aria-labelledby="upload-document-heading">
      <h2 id="upload-document-heading">Upload Document</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField key={fileInputKey} label="File" type="file" required onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        <TextField label="Name" required value={fields.name} onChange={(event) => setFields({ ...fields, name: event.target.value })} />
        <SelectField
          label="Category"
          required
          value={fields.category}
          onChange={(event) => setFields({ ...fields, category: event.target.value })}
          hint="The category named CV (in any capitalisation) provides the download on the CV page: its current document is the one visitors get."
        >
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Description (optional)"
          rows={3}
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.target.value })}
        />
        <CheckboxField
          label="Make this the current document of its category (other current documents in the category are unmarked)"
          checked={fields.isCurrent}
          onChange={(event) => setFields({ ...fields, isCurrent: event.target.checked })}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Uploading...' : 'Upload Document'}
        </Button>
      </form>
    </Card>
  );
}
