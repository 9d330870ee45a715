import { type FormEvent, useState } from 'react';
import styled from 'styled-components';

import type { Gallery } from '@/contract';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { failureMessage } from '@/lib/api/errors';
import { useUploadImageMutation } from '@/lib/api/imagesManageApi';
import { theme } from '@/lib/theme/themes';
import { Button, Card, FormAlert, type FormMessage, TextAreaField, TextField, useFields } from '@/ui';

import { GallerySelect } from './GallerySelect';
import { uploadSequentially, uploadSummary } from './uploadSequentially';

const Progress = styled.progress`
  display: block;
  width: 100%;
  height: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
  accent-color: ${theme.colors.accent};
`;

/** Groups the inputs so one attribute locks them all while files are sent. */
const Fields = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

const emptyForm = { title: '', description: '', gallery: '' };

/** Between the base title and the file name in each image's title. */
const TITLE_JOIN = ' - ';

/**
 * Uploads several images, one request per file, each titled "base title - file name". Once any
 * file went, the form is cleared for the next batch.
 */
export function UploadImagesForm({ galleries }: { galleries: Gallery[] }) {
  const [uploadImage] = useUploadImageMutation();
  const { fields, setFields, bind } = useFields(emptyForm);
  const [files, setFiles] = useState<File[]>([]);
  // A file input cannot be emptied through React state; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [errorLines, setErrorLines] = useState<string[]>([]);
  const [summary, setSummary] = useState<FormMessage | null>(null);
  // What the longest file name leaves of an image title's limit is the base title's.
  const titleMax = Math.max(1, FIELD_LIMITS.imageTitle - TITLE_JOIN.length - Math.max(0, ...files.map((file) => file.name.length)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrorLines([]);
    setSummary(null);
    const baseTitle = fields.title.trim();
    if (files.length === 0 || !baseTitle) {
      setErrorLines(['At least one File and a Title are required for image upload.']);
      return;
    }
    setUploading(true);
    setProgress(0);
    const outcome = await uploadSequentially(
      files,
      (file) => {
        const body = new FormData();
        body.append('image', file);
        body.append('title', `${baseTitle}${TITLE_JOIN}${file.name}`);
        body.append('description', fields.description);
        if (fields.gallery) body.append('gallery', fields.gallery);
        return uploadImage(body).unwrap();
      },
      {
        onProgress: setProgress,
        // The fixed line, then why the server refused it (too large, not an image...).
        onFailure: (file, error) => setErrorLines((lines) => [...lines, failureMessage(`Failed to upload ${file.name}.`, error, ['image', 'title', 'detail'])]),
      },
    );
    // When nothing went, the form keeps what was typed and chosen, to try again after reading the errors.
    if (outcome.succeeded > 0) {
      setFields(emptyForm);
      setFiles([]);
      setFileInputKey((key) => key + 1);
    }
    setSummary({ tone: outcome.failed.length === 0 ? 'success' : 'info', text: uploadSummary(outcome) });
    setProgress(0);
    setUploading(false);
  }

  return (
    <Card aria-labelledby="upload-images-heading">
      <h2 id="upload-images-heading">Upload Images</h2>
      <FormAlert message={errorLines.length > 0 ? { tone: 'error', text: errorLines } : null} />
      <FormAlert message={summary} />
      <form onSubmit={submit} noValidate>
        <Fields disabled={uploading}>
          <TextField
            key={fileInputKey}
            label="Images"
            type="file"
            accept="image/*"
            multiple
            required
            hint="Choose one or more image files; each is uploaded on its own."
            onChange={(event) => setFiles(Array.from(event.currentTarget.files ?? []))}
          />
          <TextField label="Title" required maxLength={titleMax} {...bind('title')} hint="Each image is titled with this text, a dash and its file name." />
          <TextAreaField label="Description (optional)" rows={3} maxLength={FIELD_LIMITS.description} {...bind('description')} />
          <GallerySelect galleries={galleries} {...bind('gallery')} />
        </Fields>
        {uploading && <Progress max={100} value={progress} aria-label="Upload progress" />}
        <Button type="submit" disabled={uploading}>
          {uploading ? `Uploading... (${progress}%)` : 'Upload Images'}
        </Button>
      </form>
    </Card>
  );
}
