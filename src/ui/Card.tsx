import styled from 'styled-components';

import { theme } from '../lib/theme/themes';

export const Card = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  padding: ${theme.space[5]};
  @media (max-width: ${theme.breakpoints.phone}) {
    padding: ${theme.space[4]};
  }
`;

export const CardGrid = styled.div<{ $min?: string }>`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = '260px' }) => $min}), 1fr));
`;
