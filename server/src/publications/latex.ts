import { escapeHtml } from '../lib/html';
import { mathHtml } from '../lib/math';

/**
 * LaTeX as BibTeX fields carry it, made readable: accents and symbols become Unicode, font
 * commands become emphasis, and mathematics is rendered on the server to MathML, which browsers
 * draw without any script or style sheet.
 */

type Segment = { math: false; text: string } | { math: true; tex: string; display: boolean };

const DELIMITERS: [open: string, close: string, display: boolean][] = [
  ['$$', '$$', true],
  ['\\[', '\\]', true],
  ['\\(', '\\)', false],
  ['$', '$', false],
];

/** Text and mathematics in turn; a `$` escaped as `\$` is text, and an unclosed one is kept as text. */
export function splitMath(source: string): Segment[] {
  const segments: Segment[] = [];
  let text = '';
  let i = 0;
  outer: while (i < source.length) {
    if (source[i] === '\\' && source[i + 1] === '$') {
      text += '\\$';
      i += 2;
      continue;
    }
    for (const [open, close, display] of DELIMITERS) {
      if (!source.startsWith(open, i)) continue;
      let end = i + open.length;
      while (end < source.length) {
        if (source[end] === '\\' && close === '$' && source[end + 1] === '$') end += 2;
        else if (source.startsWith(close, end)) break;
        else end += 1;
      }
      if (end >= source.length) break;
      if (text) segments.push({ math: false, text });
      text = '';
      segments.push({ math: true, tex: source.slice(i + open.length, end), display });
      i = end + close.length;
      continue outer;
    }
    text += source[i];
    i += 1;
  }
  if (text) segments.push({ math: false, text });
  return segments;
}

const COMBINING: Record<string, string> = {
  '`': '\u0300',
  "'": '\u0301',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  u: '\u0306',
  '.': '\u0307',
  '"': '\u0308',
  r: '\u030A',
  H: '\u030B',
  v: '\u030C',
  d: '\u0323',
  c: '\u0327',
  k: '\u0328',
  b: '\u0331',
};

const SYMBOLS: Record<string, string> = {
  aa: 'å',
  AA: 'Å',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
  textendash: '–',
  textemdash: '—',
  ldots: '…',
  dots: '…',
  textquoteright: '’',
  textquoteleft: '‘',
  S: '§',
  P: '¶',
  copyright: '©',
  pounds: '£',
  euro: '€',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
};

/** Emphasis survives as markers until the text is escaped, then becomes HTML. */
const EM_OPEN = '\u0001';
const EM_CLOSE = '\u0002';
const STRONG_OPEN = '\u0003';
const STRONG_CLOSE = '\u0004';

const EMPHASIS: Record<string, [string, string]> = {
  emph: [EM_OPEN, EM_CLOSE],
  textit: [EM_OPEN, EM_CLOSE],
  textsl: [EM_OPEN, EM_CLOSE],
  textbf: [STRONG_OPEN, STRONG_CLOSE],
};

/** The content of a `{...}` group starting at `open` (nested groups kept), and where it ends. */
function group(text: string, open: number): { inner: string; end: number } | undefined {
  if (text[open] !== '{') return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return { inner: text.slice(open + 1, i), end: i + 1 };
  }
  return undefined;
}

/**
 * The letter an accent command at `start` applies to (`{e}`, `e`, or a control word such as `\i`)
 * with the accent on it, and where it ends. An accent on a dotless i or j takes the place of its dot.
 */
function accented(source: string, start: number, mark: string): { text: string; end: number } {
  let j = start;
  while (source[j] === ' ') j += 1;
  const braced = group(source, j);
  const word = braced ? undefined : /^\\[a-zA-Z]+ ?/.exec(source.slice(j));
  const base = braced ? textOf(braced.inner) : word ? textOf(word[0].trimEnd()) : (source[j] ?? '');
  const end = braced ? braced.end : word ? j + word[0].length : j + 1;
  const letter = base.replace(/^ı/, 'i').replace(/^ȷ/, 'j');
  return { text: `${letter.slice(0, 1)}${mark}${letter.slice(1)}`.normalize('NFC'), end };
}

/** Text outside mathematics, as Unicode with emphasis markers. */
function textOf(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (next in COMBINING && !/[a-zA-Z]/.test(next)) {
        // \'e, \'{e}, \"{\i}, \"\i
        const { text, end } = accented(source, i + 2, COMBINING[next]);
        out += text;
        i = end;
        continue;
      }
      if (/[a-zA-Z]/.test(next)) {
        const name = /^[a-zA-Z]+/.exec(source.slice(i + 1))?.[0] ?? '';
        let j = i + 1 + name.length;
        if (name.length === 1 && name in COMBINING) {
          // \c{c}, \v s
          const { text, end } = accented(source, j, COMBINING[name]);
          out += text;
          i = end;
          continue;
        }
        if (name in SYMBOLS) {
          // A control word swallows the space after it; `{}` ends it without one.
          if (source.startsWith('{}', j)) j += 2;
          else if (source[j] === ' ') j += 1;
          out += SYMBOLS[name];
          i = j;
          continue;
        }
        while (source[j] === ' ') j += 1;
        const braced = group(source, j);
        const [open, close] = EMPHASIS[name] ?? ['', ''];
        if (braced) {
          out += `${open}${textOf(braced.inner)}${close}`;
          i = braced.end;
        } else i = j;
        continue;
      }
      // \& \% \$ \_ \# \{ \} \\ and the like: the character itself.
      out += next === '\\' ? ' ' : next;
      i += 2;
      continue;
    }
    if (char === '{' || char === '}') {
      i += 1;
      continue;
    }
    if (char === '~') out += '\u00A0';
    else if (source.startsWith('---', i)) {
      out += '—';
      i += 3;
      continue;
    } else if (source.startsWith('--', i)) {
      out += '–';
      i += 2;
      continue;
    } else if (source.startsWith('``', i)) {
      out += '“';
      i += 2;
      continue;
    } else if (source.startsWith("''", i)) {
      out += '”';
      i += 2;
      continue;
    } else out += char;
    i += 1;
  }
  return out;
}

const MARKERS = new RegExp(`[${EM_OPEN}${EM_CLOSE}${STRONG_OPEN}${STRONG_CLOSE}]`, 'g');
const squeeze = (text: string) => text.replace(/[ \t\n]+/g, ' ').trim();

/** Plain text: Unicode outside mathematics, the mathematics as its TeX source between `$`. */
export function latexToText(source: string): string {
  return squeeze(
    splitMath(source)
      .map((segment) => (segment.math ? `$${segment.tex}$` : textOf(segment.text).replace(MARKERS, '')))
      .join(''),
  );
}

/** HTML: every character of text escaped, the mathematics rendered to MathML by KaTeX (which escapes its own). */
export function latexToHtml(source: string): string {
  return squeeze(
    splitMath(source)
      .map((segment) =>
        segment.math
          ? mathHtml(segment.tex, segment.display)
          : escapeHtml(textOf(segment.text))
              .replaceAll(EM_OPEN, '<em>')
              .replaceAll(EM_CLOSE, '</em>')
              .replaceAll(STRONG_OPEN, '<strong>')
              .replaceAll(STRONG_CLOSE, '</strong>'),
      )
      .join(''),
  );
}
