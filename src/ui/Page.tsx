import styled from 'styled-components';

/** The content column of a page below the fixed top bar. */
export const Page = styled.main`
  max-width: ${({ theme }) => theme.maxWidth.page};
  margin: 0 auto;
  padding: ${({ theme }) => `calc(${theme.topBarHeight} + ${theme.space[7]}) ${theme.space[5]} ${theme.space[8]}`};
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    padding: ${({ theme }) => `calc(${theme.topBarHeight} + ${theme.space[5]}) ${theme.space[4]} ${theme.space[7]}`};
  }
`;

/** Prose limited to a comfortable line length. */
export const Prose = styled.div`
  max-width: ${({ theme }) => theme.maxWidth.text};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: grid;
  gap: ${({ theme, $gap = 5 }) => theme.space[$gap]};
`;

export const Row = styled.div<{ $gap?: number; $wrap?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap = 3 }) => theme.space[$gap]};
`;

/** The standard loading line used while a screen waits for data. */
export const LoadingText = styled.p.attrs({ role: 'status' })`
  color: ${({ theme }) => theme.colors.muted};
  font-family: ${({ theme }) => theme.fonts.ui};
`;
