import { createGlobalStyle } from 'styled-components';

import { paletteVariables } from '../lib/theme/themes';
import { theme } from '../lib/theme/themes';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* KaTeX places each part of a formula for content boxes (its stylesheet gives border boxes to the few parts
     drawn so): under the reset above, a fraction bar (1 px high at least, plus its border) moved a pixel towards
     the denominator. */
  .katex * { box-sizing: content-box; }
  :root { ${paletteVariables('light')} color-scheme: light; }
  :root.dark { ${paletteVariables('dark')} color-scheme: dark; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: 1.6;
    text-rendering: optimizeLegibility;
    /* A word longer than the line (an address, a title without spaces) breaks rather than widening the page. */
    overflow-wrap: break-word;
  }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 ${theme.space[4]}; font-weight: 600; }
  h1 { font-size: ${theme.fontSizes.xxl}; }
  h2 { font-size: ${theme.fontSizes.xl}; }
  h3 { font-size: ${theme.fontSizes.lg}; }
  p { margin: 0 0 ${theme.space[4]}; }
  a { color: ${theme.colors.accent}; text-underline-offset: 0.15em; }
  a:hover { color: ${theme.colors.accentHover}; }
  img { max-width: 100%; display: block; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  /* No transitions at all: a tiny duration still made every property of every element transition (the
     default property is all), so a page drawn by the browser briefly showed black text while the theme's
     colours arrived. */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition: none !important; scroll-behavior: auto !important; }
  }
`;
