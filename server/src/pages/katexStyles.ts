import fs from 'node:fs';
import { createRequire } from 'node:module';

import { KATEX_FONT_FACE_RULE, KATEX_FONTS } from '../../contract/paths';

let cached: { whole: string; withoutFontFaces: string } | undefined;

/**
 * KaTeX's stylesheet (the font-display: swap variant the build copies beside its fonts) for a page's head,
 * read once: its fonts addressed where the site serves them rather than beside a stylesheet file; without
 * its font faces for a page that adds them after its first paint (KATEX_FONT_FACES).
 */
export function katexStyles({ fontFaces }: { fontFaces: boolean }): string {
  if (!cached) {
    const whole = fs
      .readFileSync(createRequire(__filename).resolve('katex/dist/katex-swap.min.css'), 'utf8')
      .replace(/url\(fonts\//g, `url(${KATEX_FONTS}`)
      .trim();
    cached = { whole, withoutFontFaces: whole.replace(KATEX_FONT_FACE_RULE, '') };
  }
  return fontFaces ? cached.whole : cached.withoutFontFaces;
}
