import { useState } from 'react';
import styled from 'styled-components';

import type { Gallery, Image } from '@/contract';
import { formatDate } from '@/contract/dates';
import { failureMessage } from '@/lib/api/errors';
import { useDeleteImageMutation } from '@/lib/api/imagesManageApi';
import { theme } from '@/lib/theme/themes';
import { ButtonLink, Card, DeleteButton, FormAlert, type FormMessage, ItemButton, Muted, Row, Table } from '@/ui';

import { ImageEditModal } from './ImageEditModal';

const Thumbnail = styled.img`
  width: 64px;
  height: 64px;
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
`;

/** The uploaded images with edit (modal), open in a new tab and delete. */
export function ImageTable({ images, galleries }: { images: Image[]; galleries: Gallery[] }) {
  const [deleteImage] = useDeleteImageMutation();
  const [editing, setEditing] = useState<Image | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // One message at a time: the latest outcome replaces the one before.
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function onDelete(image: Image) {
    if (!window.confirm('Are you sure you want to delete this image?')) return;
    setMessage(null);
    setDeletingId(image.id);
    try {
      await deleteImage(image.id).unwrap();
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to delete image.', error) });
    } finally {
      setDeletingId(null);
    }
  }

  function startEditing(image: Image) {
    setMessage(null);
    setEditing(image);
  }

  return (
    <Card aria-labelledby="uploaded-images-heading">
      <h2 id="uploaded-images-heading">Uploaded Images</h2>
      <FormAlert message={message} onDismiss={() => setMessage(null)} />
      {images.length === 0 ? (
        <Muted>No images uploaded yet.</Muted>
      ) : (
        <Table columns={['Thumbnail', 'Title', 'Gallery', 'Uploaded', 'Actions']}>
          <tbody>
            {images.map((image) => {
              const title = image.title || 'No Title';
              return (
                <tr key={image.id}>
                  <td data-label="Thumbnail">
                    {/* The title is in the next cell, so the picture needs no text of its own. */}
                    <Thumbnail src={image.sizes.thumb} alt="" width={64} height={64} loading="lazy" />
                  </td>
                  <td data-label="Title">{title}</td>
                  <td data-label="Gallery">{image.gallery_name ?? 'Unassigned'}</td>
                  <td data-label="Uploaded">{formatDate(image.uploaded_at)}</td>
                  <td data-label="Actions">
                    <Row $gap={2}>
                      <ItemButton action="Edit" name={title} onClick={() => startEditing(image)} />
                      <ButtonLink $variant="secondary" $size="sm" href={image.image_url} target="_blank" rel="noopener">
                        Open<span className="visually-hidden"> {title} in a new tab</span>
                      </ButtonLink>
                      <DeleteButton name={title} disabled={deletingId === image.id} onClick={() => void onDelete(image)} />
                    </Row>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <ImageEditModal
        item={editing}
        galleries={galleries}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setMessage({ tone: 'success', text: 'Image updated successfully!' });
        }}
      />
    </Card>
  );
}
