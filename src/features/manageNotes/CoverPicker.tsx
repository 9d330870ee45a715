import { useId } from 'react';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { failureMessage } from '@/lib/api/errors';
import { useGetImagesQuery } from '@/lib/api/imagesApi';
import { PathLink } from '@/lib/PathLink';
import { theme } from '@/lib/theme/themes';
import { Alert, FieldError, FieldHint, Group, LoadingText, Muted } from '@/ui';

import { PhotoChoices } from './PhotoChoices';

const Hint = styled(FieldHint)`
  margin-bottom: ${theme.space[2]};
`;

/**
 * The note's cover, chosen from the photo library (or none). Each picture shows its ID, which the
 * body's `![what it shows](photo:ID)` names.
 */
export function CoverPicker({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const images = useGetImagesQuery();
  const name = useId();
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <Group legend="Cover picture" aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}>
      <Hint id={hintId}>
        Shown at the top of the note, in lists and in link previews. The ID under each picture is what <code>![what it shows](photo:ID)</code> names in the
        text.
      </Hint>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {images.isLoading && <LoadingText>Loading pictures...</LoadingText>}
      {images.isError && <Alert tone="error">{failureMessage('Failed to load the photo library.', images.error)}</Alert>}
      {images.data && <PhotoChoices images={images.data} name={name} value={value} onChange={onChange} none />}
      {images.data?.length === 0 && (
        <Muted>
          The photo library is empty: add pictures under <PathLink to={paths.photos}>Photos</PathLink>.
        </Muted>
      )}
    </Group>
  );
}
