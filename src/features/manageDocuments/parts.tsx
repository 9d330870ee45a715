import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

const Description = styled.span`
  display: block;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;

/** A table's Name cell: an item's name, its description (if any) under it. */
export function NameCell({ name, description }: { name: string; description: string }) {
  return (
    <td data-label="Name">
      <span>
        {name}
        {description && <Description>{description}</Description>}
      </span>
    </td>
  );
}

/** The category named CV, in any capitalisation, gives the CV page its download. */
export const isCvCategory = (name: string | null): boolean => name?.toLowerCase() === 'cv';
