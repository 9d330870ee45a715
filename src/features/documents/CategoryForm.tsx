import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api/errors';
import { Alert, Button, Card, TextAreaField, TextField } from '../../ui';
import { useCreateCategoryMutation } from './documentsApi';

/** Creates a document category (name required, description optional). */
export function CategoryForm() {
  const [createCategory, { isLoading }] = useCreateCategoryMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    setSuccess('');
    if (!name.trim()) {
      setError('Category name cannot be empty.');
      return;
    }
    try {
      await createCategory({ name: name.trim(), description }).unwrap();
      setSuccess('Category created successfully!');
      setName('');
      setDescription('');
    } catch (failure) {
      setError(failureMessage('Failed to create category.', failure, ['name', 'detail']));
    }
  }

  return (
    <Card aria-labelledby="create-category-heading">
      <h2 id="create-category-heading">Create Category</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField
          label="Category name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint="Name a category CV to make its current document the CV page's download."
        />
        <TextAreaField label="Description (optional)" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Category'}
        </Button>
      </form>
    </Card>
  );
}
