import { css } from 'styled-components';

/** Side padding that lines the top bar and footer up with the centred page column of ui/Page. */
export const pageGutter = css`
  padding-inline: max(${({ theme }) => theme.space[5]}, (100% - ${({ theme }) => theme.maxWidth.page}) / 2 + ${({ theme }) => theme.space[5]});
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    padding-inline: ${({ theme }) => theme.space[4]};
  }
`;
