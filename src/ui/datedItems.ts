import { css } from 'styled-components';

import { theme } from '@/lib/theme/themes';

/**
 * The items of a dated list: the date (or a paper's year) in a column of its own, above the item on
 * a phone. The list adds its items' spacing.
 */
export const datedItems = css`
  li {
    display: grid;
    grid-template-columns: 7.5rem minmax(0, 1fr);
    gap: ${theme.space[4]};
    @media (max-width: ${theme.breakpoints.phone}) {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  time {
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
    white-space: nowrap;
    padding-top: 0.15em;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
