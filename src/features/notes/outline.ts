/** A heading of a note's body that its table of contents leads to. */
export interface OutlineEntry {
  id: string;
  /** 2 for a section, 3 for a subsection. */
  level: 2 | 3;
  text: string;
}

/** A note with at least this many sections and subsections gets a table of contents. */
export const OUTLINE_MIN_HEADINGS = 3;

/*
 * The body is HTML the server's Markdown pipeline wrote (server/src/markdown/render.ts): headings
 * with ids, text escaped as character references, formulas as MathML with their TeX source in an
 * annotation. Read as text here so that the server-rendered page and the browser build the same list.
 */
const HEADING = /<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/g;
const ID = /\sid="([^"]+)"/;
const HIDDEN = /\sclass="[^"]*\bsr-only\b/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? reference;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

const TAG = /<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g;
const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr']);
/** Parts that are not read as the heading's words: a formula's TeX source and KaTeX's visual copy of it. */
const unread = (name: string, attributes: string) => name === 'annotation' || /\saria-hidden="true"/.test(attributes);

/** The words of a heading's HTML as a reader hears them. */
function plainText(html: string): string {
  let text = '';
  let at = 0;
  // The depth of open elements, and the depth at which an unread part began (0 outside one).
  let depth = 0;
  let skipFrom = 0;
  for (const match of html.matchAll(TAG)) {
    if (!skipFrom) text += html.slice(at, match.index);
    at = match.index + match[0].length;
    const [, closing, name, attributes] = match;
    if (VOID.has(name.toLowerCase()) || attributes.endsWith('/')) continue;
    if (closing) {
      if (skipFrom === depth) skipFrom = 0;
      depth -= 1;
    } else {
      depth += 1;
      if (!skipFrom && unread(name, attributes)) skipFrom = depth;
    }
  }
  if (!skipFrom) text += html.slice(at);
  return decode(text).replace(/\s+/g, ' ').trim();
}

/**
 * The sections (h2) and subsections (h3) of a note's body that have ids, in order; the footnotes'
 * heading, there for screen readers only, is left out.
 */
export function noteOutline(html: string): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  for (const [, level, attributes, inner] of html.matchAll(HEADING)) {
    const id = ID.exec(attributes)?.[1];
    const text = plainText(inner);
    if (id && text && !HIDDEN.test(attributes)) entries.push({ id: decode(id), level: level === '2' ? 2 : 3, text });
  }
  return entries;
}
