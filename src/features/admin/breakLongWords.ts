import { css } from 'styled-components';

/**
 * Long emails, subjects and notes break anywhere only in the phone card layout; in the wide
 * table that would let a column shrink to a few letters.
 */
export const breakLongWords = css`
  overflow-wrap: break-word;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    overflow-wrap: anywhere;
  }
`;
