import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

/** An item's description under its name in a table cell. */
export const Description = styled.span`
  display: block;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;

/** The category named CV, in any capitalisation, gives the CV page its download. */
export const isCvCategory = (name: string | null): boolean => name?.toLowerCase() === 'cv';
