import { hasTypesetMath, KATEX_STYLESHEET } from '@/contract/paths';

/**
 * KaTeX's stylesheet beside HTML that holds typeset mathematics. The server puts it in the head of the
 * pages it renders; this one serves the screens the browser draws after them. A stylesheet link may
 * stand in the body, and the browser fetches it once however many there are.
 */
export function MathStyles({ html }: { html: string }) {
  return hasTypesetMath(html) ? <link rel="stylesheet" href={KATEX_STYLESHEET} /> : null;
}
