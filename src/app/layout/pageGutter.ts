import { css } from 'styled-components';

import { theme } from '@/lib/theme/themes';

/** Side padding that lines the top bar and footer up with the centred page column of ui/Page. */
export const pageGutter = css`
  padding-inline: max(${theme.space[5]}, (100% - ${theme.maxWidth.page}) / 2 + ${theme.space[5]});
  @media (max-width: ${theme.breakpoints.phone}) {
    padding-inline: ${theme.space[4]};
  }
`;
