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

export const Stack = styled.div<{ $gap?: number }>`
  display: grid;
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

/** A long form's buttons, kept in reach at the foot of the window while the form scrolls. */
export const ActionBar = styled(Row)`
  position: sticky;
  bottom: 0;
  z-index: 1;
  padding: ${theme.space[3]} 0;
  background: ${theme.colors.background};
  border-top: 1px solid ${theme.colors.border};
`;

/** The standard loading line used while a screen waits for data. */
export const LoadingText = styled.p.attrs({ role: 'status' })`
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
`;
