import { hasTypesetMath, KATEX_INLINE_STYLES_ID, KATEX_STYLESHEET } from '@/contract/paths';

/**
 * KaTeX's stylesheet beside HTML that holds typeset mathematics, for the screens the browser draws. A
 * page the server rendered with formulas carries the styles inline in its head (server/src/pages/document.ts),
 * so neither the server's markup nor its hydration has the link. A stylesheet link may stand in the body,
 * and the browser fetches it once however many there are.
 */
export function MathStyles({ html }: { html: string }) {
  if (!hasTypesetMath(html) || typeof document === 'undefined' || document.getElementById(KATEX_INLINE_STYLES_ID)) return null;
  return <link rel="stylesheet" href={KATEX_STYLESHEET} />;
}
