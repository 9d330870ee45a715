import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

/** The content column of a page below the fixed top bar. */
export const Page = styled.main`
  max-width: ${theme.maxWidth.page};
  margin: 0 auto;
  padding: calc(${theme.topBarHeight} + ${theme.space[7]}) ${theme.space[5]} ${theme.space[8]};
  @media (max-width: ${theme.breakpoints.phone}) {
    padding: calc(${theme.topBarHeight} + ${theme.space[5]}) ${theme.space[4]} ${theme.space[7]};
  }
`;

/** Prose limited to a comfortable line length. */
export const Prose = styled.div`
  max-width: ${theme.maxWidth.text};
`;

export const Muted = styled.p`
  color: ${theme.colors.muted};
`;

/** Blocks one under the other, as wide as the page: a wider one (a table) scrolls within it rather than widening it. */
export const Stack = styled.div<{ $gap?: number }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ $gap = 5 }) => theme.space[$gap]};
`;

/** Side by side while each column keeps at least $min, stacked below that. */
export const Columns = styled.div<{ $min: string }>`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min }) => $min}), 1fr));
  align-items: start;
`;

export const Row = styled.div<{ $gap?: number; $wrap?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ $gap = 3 }) => theme.space[$gap]};
`;

/**
 * A long form's buttons, kept in reach at the foot of the window while the form scrolls. On phones
 * it stays one short row of small buttons, so that it hides little of the form.
 */
export const ActionBar = styled(Row)`
  position: sticky;
  bottom: 0;
  z-index: 1;
  padding: ${theme.space[3]} 0;
  background: ${theme.colors.background};
  border-top: 1px solid ${theme.colors.border};
  > p {
    margin: 0;
  }
  @media (max-width: ${theme.breakpoints.phone}) {
    flex-wrap: nowrap;
    gap: ${theme.space[2]};
    padding: ${theme.space[2]} 0;
    > button {
      flex: none;
      min-height: 36px;
      padding: 0 ${theme.space[3]};
      font-size: ${theme.fontSizes.xs};
    }
    > p {
      font-size: ${theme.fontSizes.xs};
      line-height: 1.3;
    }
  }
`;

/**
 * Words that phones leave out to save room (a button's second word). Give the control its whole name
 * (aria-label): hidden this way, the words are not read either, and clipped instead they would stick
 * out of a button at the screen's edge.
 */
export const HiddenOnPhones = styled.span`
  @media (max-width: ${theme.breakpoints.phone}) {
    display: none;
  }
`;

/** The standard loading line used while a screen waits for data. */
export const LoadingText = styled.p.attrs({ role: 'status' })`
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
`;
