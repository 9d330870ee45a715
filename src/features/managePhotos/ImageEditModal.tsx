import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

import type { Gallery, Image } from '@/contract';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { failureMessage } from '@/lib/api/errors';
import { useUpdateImageMutation } from '@/lib/api/imagesManageApi';
import { imageAlt } from '@/lib/imageAlt';
import { theme } from '@/lib/theme/themes';
import { FileField, FormActions, FormAlert, type FormMessage, itemModal, TextAreaField, TextField, useFields } from '@/ui';

import { GallerySelect } from './GallerySelect';

interface Props {
  /** The image to edit (the dialog is closed while there is none). */
  item: Image;
  galleries: Gallery[];
  onClose: () => void;
  onSaved: () => void;
}

/** The side of the server's thumbnail rendition (the picture fits inside that square). */
const THUMB_SIDE = 160;

const Current = styled.figure`
  margin: 0 0 ${theme.space[4]};
  img {
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAlt};
  }
  figcaption {
    margin-top: ${theme.space[1]};
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.xs};
  }
`;

/** The picture being edited, at the thumbnail's size, so the dialog says which one it is. */
function CurrentPicture({ image }: { image: Image }) {
  const scale = Math.min(1, THUMB_SIDE / Math.max(image.width, image.height, 1));
  return (
    <Current>
      <img src={image.sizes.thumb} alt={imageAlt(image)} width={Math.round(image.width * scale)} height={Math.round(image.height * scale)} decoding="async" />
      <figcaption>Current picture</figcaption>
    </Current>
  );
}

/** Edits one image's title, description and gallery, and optionally replaces its file. */
export const ImageEditModal = itemModal('Edit Image', ImageEditForm);

function ImageEditForm({ item: image, galleries, onClose, onSaved }: Props) {
  const [updateImage, { isLoading }] = useUpdateImageMutation();
  const { fields, bind } = useFields({ title: image.title, description: image.description, gallery: image.gallery === null ? '' : String(image.gallery) });
  const [replacement, setReplacement] = useState<File | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.title.trim()) {
      setMessage({ tone: 'error', text: 'Image title cannot be empty.' });
      return;
    }
    setMessage(null);
    const body = new FormData();
    body.append('title', fields.title.trim());
    body.append('description', fields.description);
    body.append('gallery', fields.gallery);
    if (replacement) body.append('image', replacement);
    try {
      await updateImage({ id: image.id, body }).unwrap();
      onSaved();
    } catch (failure) {
      console.error('Image update failed', failure);
      // The fixed words, then the server's reason (a replacement too large, not a picture...).
      setMessage({
        tone: 'error',
        text: failureMessage('Failed to update image. Check console for details.', failure, ['image', 'title', 'description', 'gallery', 'detail']),
      });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={message} />
      <CurrentPicture image={image} />
      <TextField label="Title" required maxLength={FIELD_LIMITS.imageTitle} {...bind('title')} />
      <TextAreaField label="Description" rows={3} maxLength={FIELD_LIMITS.description} {...bind('description')} />
      <GallerySelect galleries={galleries} {...bind('gallery')} />
      <FileField label="Replace image (optional)" accept="image/*" hint="Leave empty to keep the current picture." onFile={setReplacement} />
      <FormActions label="Save Changes" saving={isLoading} onCancel={onClose} />
    </form>
  );
}
