import katex from 'katex';

import { escapeHtml } from './html';
import { unicodeMathVariants } from './mathVariants';

/** MathML for TeX; TeX that does not parse is shown as written (KaTeX's own error markup carries an inline style the CSP refuses). */
export function mathHtml(tex: string, display: boolean, onError?: (message: string) => void): string {
  try {
    const mathml = katex.renderToString(tex, {
      output: 'mathml',
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
