import { htmlFrom } from '@/lib/htmlFrom';

import { MathStyles } from './MathStyles';

/**
 * A title as the server rendered it (escaped text, emphasis, mathematics typeset by KaTeX with its
 * MathML). Browsers leave MathML out of accessible names, so a title with mathematics is drawn for the eye and read out as its plain text.
 */
export function MathTitle({ html, text }: { html: string; text: string }) {
  if (!html.includes('<math')) return <span {...htmlFrom(html)} />;
  return (
    <>
      <MathStyles html={html} />
      <span aria-hidden="true" {...htmlFrom(html)} />
      <span className="visually-hidden">{text}</span>
    </>
  );
}
