import type { OutlineEntry } from '../../contract/notes';
import { htmlToPlainText } from '../publications/plainText';

/*
 * The body is HTML this pipeline wrote (render.ts): headings with ids and well-formed markup. Only the
 * headings are parsed, each on its own, so that a long body costs one linear scan, not a parse.
 */
const HEADING = /<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/g;
const ID = /\sid="([^"]+)"/;
const HIDDEN = /\sclass="[^"]*\bsr-only\b/;

/**
 * The sections (h2) and subsections (h3) of a note's body that have ids, in order, with their words as
 * a reader hears them (formulas read, not their TeX); the footnotes' heading, there for screen readers
 * only, is left out.
 */
export function noteOutline(html: string): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  for (const [, level, attributes, inner] of html.matchAll(HEADING)) {
    const id = ID.exec(attributes)?.[1];
    if (!id || HIDDEN.test(attributes)) continue;
    const text = htmlToPlainText(inner);
    if (text) entries.push({ id: htmlToPlainText(id), level: level === '2' ? 2 : 3, text });
  }
  return entries;
}
