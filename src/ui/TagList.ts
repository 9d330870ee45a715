import styled, { css } from 'styled-components';

import { theme } from '@/lib/theme/themes';

/** A link drawn as a small bordered label: a tag, a topic, a choice of a filter. */
export const tagLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 28px;
  padding: 0 ${theme.space[2]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
`;

/** A row of small linked labels: a note's tags, a paper's topics. */
export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    ${tagLink}
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.xs};
  }
`;
