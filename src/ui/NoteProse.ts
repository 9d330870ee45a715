import styled from 'styled-components';

import { chartSeriesClass } from '@/contract/chartColours';

import { theme } from '../lib/theme/themes';
import { ruleAbove } from './borders';

/** The shade that says a formula goes on past an edge: the text colour, faint, so that both themes show it. */
const SHADE = `color-mix(in srgb, ${theme.colors.text} 35%, transparent)`;
/** The width of that shade, and of the room at each side of a displayed formula. */
const EDGE = theme.space[2];

/** The colours of highlighted code, each with highlight.js's classes (less their `hljs-` prefix) of the tokens shown in it. */
const CODE_COLOURS: [colour: string, tokens: string[]][] = [
  [theme.colors.codeKeyword, ['keyword', 'selector-tag', 'doctag', 'template-tag']],
  [theme.colors.codeString, ['string', 'regexp', 'char.escape_', 'addition']],
  [theme.colors.codeNumber, ['number', 'literal', 'symbol', 'bullet']],
  [theme.colors.codeComment, ['comment', 'quote']],
  [theme.colors.codeTitle, ['title', 'section', 'name', 'selector-id', 'selector-class']],
  [theme.colors.codeBuiltIn, ['built_in', 'type']],
  [theme.colors.codeAttr, ['attr', 'attribute', 'variable', 'template-variable', 'property', 'selector-attr', 'selector-pseudo']],
  [theme.colors.codeMeta, ['meta', 'deletion', 'link']],
  [theme.colors.text, ['params', 'subst', 'operator', 'punctuation']],
];
const codeColours = CODE_COLOURS.map(([colour, tokens]) => `${tokens.map((token) => `.hljs-${token}`).join(', ')} { color: ${colour}; }`).join('\n');

interface Placement {
  /** The note stands on a surface (the editor's preview panel), not on the page's background. */
  $onSurface?: boolean;
}
/** The colour the note stands on. */
const cover = ({ $onSurface }: Placement) => ($onSurface ? theme.colors.surface : theme.colors.background);

/**
 * A note's body: the HTML the server renders from its Markdown (server/src/notes), styled the same on
 * the public note page and in the editor's preview, so that the preview shows what visitors will read.
 * Headings start at h2 (the title is the page's h1); formulas are MathML; code comes highlighted with
 * highlight.js classes; charts are SVG drawn in `currentColor`, so their axes follow the theme.
 */
export const NoteProse = styled.div<Placement>`
  overflow-wrap: break-word;

  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: ${theme.space[7]} 0 ${theme.space[3]};
    line-height: 1.25;
    /* Reached from the table of contents, a heading stands clear of the fixed top bar. */
    scroll-margin-top: calc(${theme.topBarHeight} + ${theme.space[4]});
  }
  h4,
  h5,
  h6 {
    font-size: ${theme.fontSizes.md};
  }
  h6 {
    color: ${theme.colors.muted};
  }
  ul,
  ol {
    margin: 0 0 ${theme.space[4]};
    padding-left: ${theme.space[5]};
  }
  li + li {
    margin-top: ${theme.space[1]};
  }
  ul.contains-task-list {
    padding-left: 0;
    list-style: none;
  }
  li.task-list-item input {
    margin: 0 ${theme.space[2]} 0 0;
    vertical-align: middle;
  }
  blockquote {
    margin: 0 0 ${theme.space[4]};
    padding-left: ${theme.space[4]};
    border-left: 3px solid ${theme.colors.border};
    color: ${theme.colors.muted};
  }
  hr {
    margin: ${theme.space[6]} 0;
    border: 0;
    border-top: 1px solid ${theme.colors.border};
  }
  img {
    max-width: 100%;
    height: auto;
    margin: ${theme.space[5]} 0;
  }

  /* Wide tables and formulas scroll in their own box rather than widening the page. */
  .table-scroll {
    overflow-x: auto;
    margin: 0 0 ${theme.space[4]};
  }
  table {
    border-collapse: collapse;
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    padding: ${theme.space[1]} ${theme.space[3]};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: left;
  }
  thead th {
    border-bottom-width: 2px;
  }
  math {
    font-family: 'Latin Modern Math', 'STIX Two Math', 'Cambria Math', math;
    font-size: 1.05em;
  }
  .math-display {
    overflow-x: auto;
    overflow-y: hidden;
    margin: 0 0 ${theme.space[4]};
    padding: ${theme.space[1]} ${EDGE};
    text-align: center;
    /* A formula wider than the column shows a shade at each edge it runs on past (scroll shadows, without
       script): the shades stay at the box's edges (scroll), and covers in the colour behind the note, as wide as
       the padding, move with the formula (local) and hide the shade at an end that is in view. A formula
       is cut only when it runs past the padding, and then the shade shows whole. */
    background:
      linear-gradient(${cover}, ${cover}) left / ${EDGE} 100% no-repeat local,
      linear-gradient(${cover}, ${cover}) right / ${EDGE} 100% no-repeat local,
      linear-gradient(to right, ${SHADE}, transparent) left / ${EDGE} 100% no-repeat scroll,
      linear-gradient(to left, ${SHADE}, transparent) right / ${EDGE} 100% no-repeat scroll;
  }
  /* As wide as the formula, not the column: a box's end padding is scrolled to only past its children's own width. */
  .math-display > .katex-display {
    width: max-content;
    min-width: 100%;
  }

  code {
    padding: 0.1em 0.3em;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAlt};
    font-family: ${theme.fonts.mono};
    font-size: 0.875em;
  }
  pre {
    overflow-x: auto;
    margin: 0 0 ${theme.space[4]};
    padding: ${theme.space[4]};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surfaceAlt};
    line-height: 1.5;
  }
  pre code {
    padding: 0;
    background: none;
    font-size: ${theme.fontSizes.sm};
  }
  ${codeColours}
  .hljs-comment,
  .hljs-quote {
    font-style: italic;
  }
  .hljs-emphasis {
    font-style: italic;
  }
  .hljs-strong {
    font-weight: 700;
  }

  .chart-block {
    margin: ${theme.space[6]} 0;
  }
  figure.chart {
    margin: 0;
    color: ${theme.colors.text};
  }
  /* Drawn 400 units wide with 14-unit text (server/src/markdown/charts.ts): at most 32rem wide, its text stays near the body's size. */
  figure.chart svg {
    display: block;
    width: 100%;
    max-width: 32rem;
    height: auto;
    margin: 0 auto;
  }
  figcaption {
    margin-top: ${theme.space[2]};
    color: ${theme.colors.muted};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
  .chart-title {
    color: ${theme.colors.text};
    font-weight: 600;
  }
  details.chart-data {
    margin-top: ${theme.space[2]};
    font-family: ${theme.fonts.ui};
    font-size: ${theme.fontSizes.sm};
  }
  details.chart-data summary {
    cursor: pointer;
    color: ${theme.colors.accent};
  }
  details.chart-data .table-scroll {
    margin-top: ${theme.space[2]};
  }
  /* Series colours by theme: the SVG's own are the light theme's. */
  ${theme.chartSeries.map(
    (colour, index) => `.${chartSeriesClass('fill', index)} { fill: ${colour}; } .${chartSeriesClass('stroke', index)} { stroke: ${colour}; }`,
  )}
  .chart-error {
    color: ${theme.colors.danger};
  }

  .footnotes {
    ${ruleAbove(7, 4)}
    font-size: ${theme.fontSizes.sm};
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
