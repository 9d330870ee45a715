import { css } from 'styled-components';

import { theme } from '../lib/theme/themes';

/**
 * A thin rule across the top of a block that follows others: `before` steps of the spacing scale above the
 * rule, `after` steps between it and the block's own content.
 */
export const ruleAbove = (before: number, after: number) => css`
  margin-top: ${theme.space[before]};
  padding-top: ${theme.space[after]};
  border-top: 1px solid ${theme.colors.border};
`;

/** A thin frame with rounded corners, as the form controls have, around words in the interface's typeface at `size`. */
export const framed = (size: keyof typeof theme.fontSizes) => css`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes[size]};
`;
