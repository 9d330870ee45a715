import katex from 'katex';

import { escapeHtml } from './html';
import { unicodeMathVariants } from './mathVariants';

/**
 * TeX typeset by KaTeX as HTML, drawn with its own fonts and stylesheet, with MathML for screen readers
 * (the HTML is hidden from them); TeX that does not parse is shown as written (KaTeX's own error markup
 * carries an inline style the CSP refuses).
 */
export function mathHtml(tex: string, display: boolean, onError?: (message: string) => void): string {
  try {
    const mathml = katex.renderToString(tex, {
      output: 'htmlAndMathml',
      displayMode: display,
      throwOnError: true,
      strict: 'ignore',
      trust: false,
      maxSize: 10,
      maxExpand: 200,
    });
    return unicodeMathVariants(mathml);
  } catch (error) {
    onError?.(error instanceof katex.ParseError ? error.rawMessage : String(error));
    return `<code>${escapeHtml(tex)}</code>`;
  }
}

/**
 * HTML with KaTeX's typeset part left out, its MathML kept: for feed readers, which load no stylesheet.
 * The HTML is KaTeX's own output, whose spans are never written inside text or attributes.
 */
export function mathMlOnly(html: string): string {
  const start = '<span class="katex-html" aria-hidden="true">';
  let out = '';
  let from = 0;
  for (let at = html.indexOf(start); at >= 0; at = html.indexOf(start, from)) {
    out += html.slice(from, at);
    let depth = 0;
    const tag = /<span[\s>]|<\/span>/g;
    tag.lastIndex = at;
    for (let match = tag.exec(html); match; match = tag.exec(html)) {
      depth += match[0] === '</span>' ? -1 : 1;
      if (depth === 0) {
        from = tag.lastIndex;
        break;
      }
    }
    if (depth !== 0) return out;
  }
  return out + html.slice(from);
}
