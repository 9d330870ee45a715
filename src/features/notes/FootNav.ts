import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';
import { ruleAbove } from '@/ui';

/** Links on to the next and previous note at the foot of a note, below a rule. */
export const FootNav = styled.nav`
  display: grid;
  gap: ${theme.space[4]};
  ${ruleAbove(7, 4)}
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;
