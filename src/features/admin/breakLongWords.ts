import { css } from 'styled-components';

import { theme } from '@/lib/theme/themes';

/**
 * Long emails, subjects and notes may break anywhere on narrow screens only; in the wide table
 * that would let a column shrink to a few letters.
 */
export const breakLongWords = css`
  overflow-wrap: break-word;
  @media (max-width: ${theme.breakpoints.tablet}) {
    overflow-wrap: anywhere;
  }
`;
