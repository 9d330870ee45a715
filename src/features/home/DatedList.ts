import styled, { css } from 'styled-components';

import { theme } from '@/lib/theme/themes';
import { datedItems } from '@/ui';

/** A section of the home page under the introduction (selected papers, news, notes). */
export const HomeSection = styled.section`
  padding: ${theme.space[6]} 0 ${theme.space[7]};
  border-top: 1px solid ${theme.colors.border};
  h2 {
    margin-bottom: ${theme.space[4]};
  }
`;

/** A line under an item's title (a note's summary, a paper's authors and venue). */
export const ItemNote = styled.p`
  color: ${theme.colors.muted};
`;

/** Sections side by side while each keeps a readable width (news and notes on a desktop), stacked below that. */
export const HomeColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 26rem), 1fr));
  gap: 0 ${theme.space[7]};
`;

/** The link under a section's items to the page with all of them. */
export const AllLink = styled.p`
  margin: ${theme.space[3]} 0 0;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * Dated items: the date (or a paper's year) in a column of its own, above the item on a phone. The
 * items fill their column; with `$columns`, they are laid out in as many columns of readable width
 * as fit (the selected papers across a desktop's width).
 */
export const DatedList = styled.ul<{ $columns?: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  ${({ $columns }) =>
    $columns &&
    css`
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr));
      gap: 0 ${theme.space[7]};
    `}
  ${datedItems}
  li {
    padding: ${theme.space[2]} 0;
    @media (max-width: ${theme.breakpoints.phone}) {
      gap: 0;
    }
  }
`;
