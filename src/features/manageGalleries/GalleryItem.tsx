import { type FormEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import type { Gallery } from '@/contract';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { useDeleteGalleryMutation, useUpdateGalleryMutation } from '@/lib/api/imagesManageApi';
import { theme } from '@/lib/theme/themes';
import { Button, Card, DeleteButton, FormAlert, type FormMessage, Row, SubmitButton, TextAreaField, TextField } from '@/ui';

const Slug = styled.p`
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
  margin-bottom: ${theme.space[2]};
  code {
    font-family: ${theme.fonts.mono};
    color: ${theme.colors.text};
  }
`;
const Description = styled.p<{ $empty: boolean }>`
  color: ${({ $empty }) => ($empty ? theme.colors.muted : theme.colors.text)};
  font-style: ${({ $empty }) => ($empty ? 'italic' : 'normal')};
`;

interface Props {
  gallery: Gallery;
  editing: boolean;
  /** Another gallery is in edit mode: only one is edited at a time. */
  locked: boolean;
  onEdit: () => void;
  onDone: () => void;
}

/** One gallery: its details, or the inline form that edits them. */
export function GalleryItem({ gallery, editing, locked, onEdit, onDone }: Props) {
  const [deleteGallery, { isLoading: deleting }] = useDeleteGalleryMutation();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const headingId = `gallery-${gallery.id}-name`;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Leaving edit mode removes the focused form; keyboard users continue from the Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function onDelete() {
    if (!window.confirm('Are you sure you want to delete this gallery? This will not delete the images inside it; they will become unassigned.')) return;
    setMessage(null);
    try {
      await deleteGallery(gallery.id).unwrap();
    } catch {
      setMessage({ tone: 'error', text: 'Failed to delete gallery.' });
    }
  }

  return (
    <Card aria-labelledby={headingId}>
      {editing ? (
        <GalleryEditForm gallery={gallery} headingId={headingId} onDone={onDone} />
      ) : (
        <>
          <h2 id={headingId}>{gallery.name}</h2>
          <Slug>
            Slug: <code>{gallery.slug}</code>
          </Slug>
          <Description $empty={!gallery.description}>{gallery.description || 'No description'}</Description>
          <FormAlert message={message} />
          <Row $gap={2}>
            <Button ref={editButton} $variant="secondary" $size="sm" disabled={locked} onClick={onEdit}>
              Edit<span className="visually-hidden"> {gallery.name}</span>
            </Button>
            <DeleteButton name={gallery.name} disabled={locked || deleting} onClick={() => void onDelete()} />
          </Row>
        </>
      )}
    </Card>
  );
}

function GalleryEditForm({ gallery, headingId, onDone }: { gallery: Gallery; headingId: string; onDone: () => void }) {
  const [updateGallery, { isLoading }] = useUpdateGalleryMutation();
  const [name, setName] = useState(gallery.name);
  const [description, setDescription] = useState(gallery.description);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setMessage({ tone: 'error', text: 'Gallery name cannot be empty.' });
      return;
    }
    setMessage(null);
    try {
      await updateGallery({ id: gallery.id, name: name.trim(), description }).unwrap();
      onDone();
    } catch {
      setMessage({ tone: 'error', text: 'Failed to save gallery changes.' });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={headingId}>Edit {gallery.name}</h2>
      <FormAlert message={message} />
      {/* Editing starts here: a keyboard user lands in the first field. */}
      <TextField label="Name" required autoFocus maxLength={FIELD_LIMITS.galleryName} value={name} onChange={(event) => setName(event.target.value)} />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={FIELD_LIMITS.description}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Row $gap={2}>
        <Button $variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton busy={isLoading} busyText="Saving...">
          Save
        </SubmitButton>
      </Row>
    </form>
  );
}
