/** Marks an element whose HTML a server-rendered page's starting state refers to rather than repeats (src/app/preloadedState.ts). */
export const FRAGMENT_MARK = 'data-fragment';

/**
 * The props that show HTML from the API (sanitised by the server when it was saved) in an element, marked
 * so that a server-rendered page sends a long body once, in its markup, and not again in its starting state.
 */
export function htmlFrom(html: string): { [FRAGMENT_MARK]: ''; dangerouslySetInnerHTML: { __html: string } } {
  return { [FRAGMENT_MARK]: '', dangerouslySetInnerHTML: { __html: html } };
}
