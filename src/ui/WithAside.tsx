import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

// A module of its own, so that it travels with the screens that use it rather than the entry bundle.

/** The side column of WithAside (a wrapper; its content brings its own landmark, if any). */
export const Side = styled.div``;

/**
 * A reading column (at most 70ch) with a side column beside it on a wide screen, the two spread across
 * the page column as the top bar is, rather than the text hugging the left of a half-empty window. The
 * side column is the `Side` child: it takes the right, from the top down, wherever it stands among the
 * children, so that a page puts it where phones (which stack the children in order) should show it,
 * such as filters between a heading and a list. The other children follow each other on the left.
 */
export const WithAside = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[6]};
  @media (min-width: ${theme.breakpoints.tablet}) {
    grid-template-columns: minmax(0, ${theme.maxWidth.text}) minmax(12rem, 18rem);
    /* The side column's height goes to the last row, not between the first children. */
    grid-template-rows: auto 1fr;
    justify-content: space-between;
    gap: 0 ${theme.space[7]};
    > * {
      grid-column: 1;
    }
    > ${Side} {
      grid-column: 2;
      grid-row: 1 / span 2;
    }
  }
`;
