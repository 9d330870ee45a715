import katex from 'katex';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

import { GlobalStyle } from '@/ui';

/** The global style sheet as the server writes it into a page's head. */
function pageStyles(): void {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(sheet.collectStyles(<GlobalStyle />));
    document.head.innerHTML = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
}

describe('the global style sheet', () => {
  it('gives border boxes to the page and leaves KaTeX the content boxes it places a formula for', () => {
    pageStyles();
    document.body.innerHTML = `<div id="box">Plain box</div><p>${katex.renderToString(String.raw`d_1 = \frac{\ln(S/K)}{\sigma \sqrt{T}}`, { output: 'htmlAndMathml' })}</p>`;
    expect(getComputedStyle(document.getElementById('box')!).boxSizing).toBe('border-box');
    // A fraction bar is at least 1 px high plus its border: as a border box it would stand a pixel off.
    expect(getComputedStyle(document.querySelector('.katex .frac-line')!).boxSizing).toBe('content-box');
    expect(getComputedStyle(document.querySelector('.katex .sqrt')!).boxSizing).toBe('content-box');
  });
});
