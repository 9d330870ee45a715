import styled, { css } from 'styled-components';

import { theme } from '@/lib/theme/themes';

/** A titled group of a public list (the talks of a year, the courses of an academic year). */
export const EntryGroup = styled.section`
  margin-top: ${theme.space[7]};
  max-width: ${theme.maxWidth.text};
  h2 {
    padding-bottom: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
  }
`;

/** The link an item's title leads by in a list (a note, a paper): in the text's colour, the accent's on hover. */
export const titleLink = css`
  color: ${theme.colors.text};
  text-decoration-color: ${theme.colors.border};
  &:hover {
    color: ${theme.colors.accent};
  }
`;

/** One entry of such a group, titled by an h3. */
export const Entry = styled.article`
  padding: ${theme.space[4]} 0;
  border-bottom: 1px solid ${theme.colors.border};
  /* An entry's own anchor (/talks#talk-12) leaves room for the fixed top bar. */
  scroll-margin-top: calc(${theme.topBarHeight} + ${theme.space[4]});
  h3 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.fontSizes.md};
    line-height: 1.4;
  }
`;

/** The line under an entry's title: its kind, place and date. */
export const EntryMeta = styled.p`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

/** A row of an entry's actions and links (buttons among them), that wraps. */
export const EntryActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]} ${theme.space[4]};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

/** An entry's links (slides, video, materials), in a row that wraps. */
export const EntryLinks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: ${theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  a {
    display: inline-block;
    padding: ${theme.space[1]} 0;
    overflow-wrap: anywhere;
  }
`;
