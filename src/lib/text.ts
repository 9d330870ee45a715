/** About what a search result shows of a description. */
export const DESCRIPTION_CHARS = 160;

/** The text cut at a word to at most `chars` characters, with an ellipsis when cut. */
export function cutAtWord(text: string, chars = DESCRIPTION_CHARS): string {
  if (text.length <= chars) return text;
  const cut = text.slice(0, chars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 0 ? lastSpace : cut.length).replace(/[\s,;:.]+$/, '')}…`;
}
