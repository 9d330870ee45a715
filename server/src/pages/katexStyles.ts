import fs from 'node:fs';
import { createRequire } from 'node:module';

import { KATEX_FONTS } from '../../contract/paths';

let cached: string | undefined;

/**
 * KaTeX's stylesheet (the font-display: swap variant the build copies beside its fonts) for a page's head,
 * read once: its fonts addressed where the site serves them rather than beside a stylesheet file.
 */
export function katexStyles(): string {
  cached ??= fs
    .readFileSync(createRequire(__filename).resolve('katex/dist/katex-swap.min.css'), 'utf8')
    .replace(/url\(fonts\//g, `url(${KATEX_FONTS}`)
    .trim();
  return cached;
}
