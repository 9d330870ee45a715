import styled from 'styled-components';

import type { Image } from '@/contract';
import { theme } from '@/lib/theme/themes';
import { framed } from '@/ui';

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
  ${framed('xs')}
  background: ${theme.colors.surface};
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

/**
 * The photo library as radio choices with thumbnails, titles and IDs (the ID is what the body's
 * `photo:ID` names); `none` adds a first choice of no picture, whose value is ''.
 */
export function PhotoChoices({
  images,
  name,
  value,
  onChange,
  none = false,
}: {
  images: Image[];
  name: string;
  value: string;
  onChange: (value: string) => void;
  none?: boolean;
}) {
  return (
    <Grid>
      {none && (
        <Choice>
          <span className="blank" />
          <span>
            <input type="radio" name={name} value="" checked={value === ''} onChange={() => onChange('')} />
            None
          </span>
        </Choice>
      )}
      {images.map((image) => (
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
  );
}
