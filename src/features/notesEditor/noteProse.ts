import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

/**
 * A note's rendered HTML, readable as visitors will read it: the text face and measure of the site,
 * code that wraps, formulas and tables that scroll inside their own box rather than widen the page.
 * The public note page has its own, fuller style; this one is the editor's preview.
 */
export const NoteProse = styled.div`
  max-width: ${theme.maxWidth.text};
  font-family: ${theme.fonts.body};
  overflow-wrap: break-word;
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: ${theme.space[5]} 0 ${theme.space[3]};
  }
  h2 {
    font-size: ${theme.fontSizes.xl};
  }
  h3 {
    font-size: ${theme.fontSizes.lg};
  }
  h4,
  h5,
  h6 {
    font-size: ${theme.fontSizes.md};
  }
  ul,
  ol {
    padding-left: ${theme.space[5]};
  }
  blockquote {
    margin: 0 0 ${theme.space[4]};
    padding-left: ${theme.space[4]};
    border-left: 3px solid ${theme.colors.border};
    color: ${theme.colors.muted};
  }
  code {
    font-family: ${theme.fonts.mono};
    font-size: 0.9em;
  }
  /* Long code lines wrap: the preview column is narrow, and a box that scrolls would need a tab stop of its own. */
  pre {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    margin: 0 0 ${theme.space[4]};
    padding: ${theme.space[3]} ${theme.space[4]};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surfaceAlt};
    line-height: 1.45;
  }
  .hljs-comment,
  .hljs-quote {
    color: ${theme.colors.muted};
    font-style: italic;
  }
  .hljs-keyword,
  .hljs-built_in,
  .hljs-literal {
    color: ${theme.colors.accent};
  }
  .hljs-string,
  .hljs-number {
    color: ${theme.colors.success};
  }
  .math-display,
  .table-scroll {
    overflow-x: auto;
    margin: 0 0 ${theme.space[4]};
  }
  table {
    border-collapse: collapse;
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
  th,
  td {
    padding: ${theme.space[1]} ${theme.space[3]};
    border: 1px solid ${theme.colors.border};
    text-align: left;
  }
  img {
    height: auto;
  }
  figure {
    margin: 0 0 ${theme.space[5]};
  }
  figure svg {
    width: 100%;
    height: auto;
  }
  figcaption,
  .footnotes {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }
  .chart-title {
    font-weight: 600;
    color: ${theme.colors.text};
  }
  summary {
    cursor: pointer;
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
  input[type='checkbox'] {
    margin-right: ${theme.space[2]};
  }
  li:has(> input[type='checkbox']) {
    list-style: none;
  }
`;
