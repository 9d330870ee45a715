import { useId } from 'react';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { failureMessage } from '@/lib/api/errors';
import { useGetImagesQuery } from '@/lib/api/imagesApi';
import { PathLink } from '@/lib/PathLink';
import { theme } from '@/lib/theme/themes';
import { Alert, FieldError, FieldHint, Group, LoadingText, Muted } from '@/ui';

/** The library can be long: it scrolls in a box of its own. */
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
  gap: ${theme.space[2]};
  max-height: 18rem;
  overflow-y: auto;
  /* Room for a choice's focus ring inside the scrolling box. */
  padding: ${theme.space[2]};
`;

const Choice = styled.label`
  display: grid;
  align-content: start;
  gap: ${theme.space[1]};
  padding: ${theme.space[2]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.xs};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${theme.colors.accent};
    box-shadow: 0 0 0 1px ${theme.colors.accent};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    margin: 0 ${theme.space[1]} 0 0;
    vertical-align: middle;
    accent-color: ${theme.colors.accent};
  }
  img,
  .blank {
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${theme.radii.sm};
  }
  .blank {
    border: 1px dashed ${theme.colors.border};
  }
`;

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
      {images.data && (
        <Grid>
          <Choice>
            <span className="blank" />
            <span>
              <input type="radio" name={name} value="" checked={value === ''} onChange={() => onChange('')} />
              None
            </span>
          </Choice>
          {images.data.map((image) => (
            <Choice key={image.id}>
              <img src={image.sizes.thumb} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />
              <span>
                <input type="radio" name={name} value={image.id} checked={value === String(image.id)} onChange={() => onChange(String(image.id))} />
                {image.title}
              </span>
              <span>ID {image.id}</span>
            </Choice>
          ))}
        </Grid>
      )}
      {images.data?.length === 0 && (
        <Muted>
          The photo library is empty: add pictures under <PathLink to={paths.photos}>Photos</PathLink>.
        </Muted>
      )}
    </Group>
  );
}
