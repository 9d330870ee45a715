import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';

import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { failureMessage } from '@/lib/api/errors';
import { useGetImagesQuery } from '@/lib/api/imagesApi';
import { useUploadImageMutation } from '@/lib/api/imagesManageApi';
import { imageAlt } from '@/lib/imageAlt';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, FieldError, FormAlert, type FormMessage, Group, LoadingText, Modal, Muted, Row, SubmitButton, TextField, useFields } from '@/ui';

import { NOTE_EDITOR_MESSAGES } from './messages';
import { PhotoChoices } from './PhotoChoices';

/** Where the picture comes from: a file pasted or dropped into the body, or the photo library. */
export type PictureSource = { file: File } | { library: true };

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 12rem;
  margin-bottom: ${theme.space[4]};
  border-radius: ${theme.radii.sm};
  object-fit: contain;
`;

/** The Markdown that shows a picture of the library; brackets in the text are kept as text. */
export const pictureMarkdown = (alt: string, id: number) => `![${alt.replace(/([[\]\\])/g, '\\$1')}](photo:${id})`;

/** A file's picture shown while its dialog is open, its memory released after. */
function useObjectUrl(file: File | undefined): string | undefined {
  const [address, setAddress] = useState<string>();
  useEffect(() => {
    if (!file) return undefined;
    const made = URL.createObjectURL(file);
    setAddress(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return address;
}

/**
 * Adds a picture to the body: asks what it shows (its alt text, required, so that no picture reaches
 * the note undescribed), then adds a pasted or dropped file to the photo library (titled by that
 * text) or takes the chosen picture of the library, and hands back `![what it shows](photo:ID)`.
 */
export function PictureDialog({ source, onClose, onPicture }: { source: PictureSource | null; onClose: () => void; onPicture: (markdown: string) => void }) {
  return (
    <Modal title={source && 'file' in source ? 'Describe the picture' : 'Insert a picture'} open={source !== null} onClose={onClose}>
      {source && <PictureForm source={source} onClose={onClose} onPicture={onPicture} />}
    </Modal>
  );
}

function PictureForm({ source, onClose, onPicture }: { source: PictureSource; onClose: () => void; onPicture: (markdown: string) => void }) {
  const file = 'file' in source ? source.file : undefined;
  const preview = useObjectUrl(file);
  const images = useGetImagesQuery(undefined, { skip: file !== undefined });
  const [upload, uploading] = useUploadImageMutation();
  const { fields, setFields, bind } = useFields({ alt: '', chosen: '' });
  const [altTyped, setAltTyped] = useState(false);
  const [errors, setErrors] = useState<{ alt?: string; chosen?: string }>({});
  const [message, setMessage] = useState<FormMessage | null>(null);
  const name = useId();

  const choose = (chosen: string) => {
    const image = images.data?.find((candidate) => String(candidate.id) === chosen);
    // The library's own words for the picture, until the owner writes others.
    setFields((current) => ({ chosen, alt: altTyped || !image ? current.alt : imageAlt(image) }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    const alt = fields.alt.trim();
    const problems = {
      alt: alt ? undefined : NOTE_EDITOR_MESSAGES.altRequired,
      chosen: file || fields.chosen ? undefined : NOTE_EDITOR_MESSAGES.pictureRequired,
    };
    setErrors(problems);
    setMessage(null);
    if (problems.alt || problems.chosen) return;
    if (!file) return onPicture(pictureMarkdown(alt, Number(fields.chosen)));
    const body = new FormData();
    body.append('image', file);
    body.append('title', alt);
    try {
      const image = await upload(body).unwrap();
      onPicture(pictureMarkdown(alt, image.id));
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(NOTE_EDITOR_MESSAGES.uploadFailed, error, ['detail', 'image', 'title']) });
    }
  }

  return (
    <form aria-label="Picture" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={message} />
      {preview && <Preview src={preview} alt="" />}
      {!file && (
        <Group legend="Picture" aria-describedby={errors.chosen ? `${name}-error` : undefined}>
          {errors.chosen && <FieldError id={`${name}-error`}>{errors.chosen}</FieldError>}
          {images.isLoading && <LoadingText>Loading pictures...</LoadingText>}
          {images.isError && <Alert tone="error">{failureMessage('Failed to load the photo library.', images.error)}</Alert>}
          {images.data && <PhotoChoices images={images.data} name={name} value={fields.chosen} onChange={choose} />}
          {images.data?.length === 0 && <Muted>The photo library is empty: paste or drop a picture into the body to add one.</Muted>}
        </Group>
      )}
      <TextField
        label="What the picture shows"
        required
        maxLength={FIELD_LIMITS.imageTitle}
        hint={
          file
            ? 'Read out in its place to readers who cannot see it (its alt text). The picture joins the photo library under this title.'
            : 'Read out in its place to readers who cannot see it (its alt text).'
        }
        error={errors.alt}
        {...bind('alt')}
        onChange={(event) => {
          setAltTyped(true);
          bind('alt').onChange(event);
        }}
      />
      <Row>
        <SubmitButton busy={uploading.isLoading} busyText="Adding the picture...">
          Insert picture
        </SubmitButton>
        <Button $variant="secondary" onClick={onClose} disabled={uploading.isLoading}>
          Cancel
        </Button>
      </Row>
    </form>
  );
}
