import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

/** Links on to the next and previous note at the foot of a note, below a rule. */
export const FootNav = styled.nav`
  display: grid;
  gap: ${theme.space[4]};
  margin-top: ${theme.space[7]};
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
