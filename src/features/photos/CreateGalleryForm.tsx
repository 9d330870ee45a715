import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api/errors';
import { useCreateGalleryMutation } from '../../lib/api/imagesApi';
import { BANNER_GALLERY_SLUG } from '../../lib/paths';
import { Alert, Button, Card, TextAreaField, TextField } from '../../ui';

/** Creates a gallery (name required, description optional). */
export function CreateGalleryForm() {
  const [createGallery, { isLoading }] = useCreateGalleryMutation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    setSuccess('');
    if (!name.trim()) {
      setError('Gallery name cannot be empty.');
      return;
    }
    try {
      await createGallery({ name: name.trim(), description }).unwrap();
      setSuccess('Gallery created successfully!');
      setName('');
      setDescription('');
    } catch (failure) {
      setError(failureMessage('Failed to create gallery.', failure, ['name', 'detail']));
    }
  }

  return (
    <Card aria-labelledby="create-gallery-heading">
      <h2 id="create-gallery-heading">Create Gallery</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <form onSubmit={submit} noValidate>
        <TextField
          label="Gallery name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint={`Creating or using a gallery called ${BANNER_GALLERY_SLUG} puts its pictures in the banner on the front page.`}
        />
        <TextAreaField label="Description (optional)" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Gallery'}
        </Button>
      </form>
    </Card>
  );
}
