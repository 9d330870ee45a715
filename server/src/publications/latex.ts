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
  // A delimiter whose closing was not found once has none further on either: searching again from
  // each later opening would take time in proportion to the square of the text's length.
  const unclosed = new Set<string>();
  outer: while (i < source.length) {
    if (source[i] !== '$' && source[i] !== '\\') {
      // Every delimiter starts with one of these two: the text up to the next one is text.
      let end = i + 1;
      while (end < source.length && source[end] !== '$' && source[end] !== '\\') end += 1;
      text += source.slice(i, end);
      i = end;
      continue;
    }
    if (source[i] === '\\' && source[i + 1] === '$') {
      text += '\\$';
      i += 2;
      continue;
    }
    for (const [open, close, display] of DELIMITERS) {
      if (!source.startsWith(open, i)) continue;
      if (unclosed.has(open)) break;
      let end = i + open.length;
      while (end < source.length) {
        if (source[end] === '\\' && close === '$' && source[end + 1] === '$') end += 2;
        else if (source.startsWith(close, end)) break;
        else end += 1;
      }
      if (end >= source.length) {
        unclosed.add(open);
        break;
      }
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

/**
 * Text outside mathematics with the matching `}` of each `{`, found once: a group is then read
 * without searching for its end, and a group inside another is not read again for each level.
 */
interface Source {
  text: string;
  /** For each `{`, the position of its matching `}`, or -1. */
  closing: Int32Array;
}

function sourceOf(text: string): Source {
  const closing = new Int32Array(text.length).fill(-1);
  const opened: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '{') opened.push(i);
    else if (text[i] === '}' && opened.length > 0) closing[opened.pop()!] = i;
  }
  return { text, closing };
}

/** Where the `{...}` group starting at `open` ends (its `}`), or undefined when there is none. */
function group(source: Source, open: number): number | undefined {
  if (source.text[open] !== '{' || source.closing[open] < 0) return undefined;
  return source.closing[open];
}

/**
 * The letter an accent command at `start` applies to (`{e}`, `e`, or a control word such as `\i`)
 * with the accent on it, and where it ends; `to` ends the text the command stands in. An accent on
 * a dotless i or j takes the place of its dot.
 */
function accented(source: Source, start: number, to: number, mark: string): { text: string; end: number } {
  const { text } = source;
  let j = start;
  while (j < to && text[j] === ' ') j += 1;
  const braced = group(source, j);
  const word = braced === undefined ? /^\\[a-zA-Z]+ ?/.exec(text.slice(j, to)) : undefined;
  const base = braced !== undefined ? textBetween(source, j + 1, braced) : word ? textOf(word[0].trimEnd()) : j < to ? text[j] : '';
  const end = braced !== undefined ? braced + 1 : word ? j + word[0].length : j + 1;
  const letter = base.replace(/^ı/, 'i').replace(/^ȷ/, 'j');
  return { text: `${letter.slice(0, 1)}${mark}${letter.slice(1)}`.normalize('NFC'), end };
}

/** TeX's ligatures of plain text: dashes and curly quotes, the longest first. */
const LIGATURES: [string, string][] = [
  ['---', '—'],
  ['--', '–'],
  ['``', '“'],
  ["''", '”'],
];
const SPECIAL = new Set(['\\', '{', '}', '~', '-', '`', "'"]);

/**
 * Text outside mathematics, as Unicode with emphasis markers, composed (NFC): `{\'\i}` and a file's own
 * `í` are then the same character in every output, the page, its head tags and every citation.
 */
function textOf(text: string): string {
  return textBetween(sourceOf(text), 0, text.length).normalize('NFC');
}

/** The text from `from` up to `to` (the end of the text or of the group it is in), as `textOf` gives it. */
function textBetween(source: Source, from: number, to: number): string {
  const { text } = source;
  let out = '';
  let i = from;
  while (i < to) {
    const char = text[i];
    if (char === '\\') {
      const next = i + 1 < to ? text[i + 1] : '';
      if (next in COMBINING && !/[a-zA-Z]/.test(next)) {
        // \'e, \'{e}, \"{\i}, \"\i
        const accent = accented(source, i + 2, to, COMBINING[next]);
        out += accent.text;
        i = accent.end;
        continue;
      }
      if (/[a-zA-Z]/.test(next)) {
        const name = /^[a-zA-Z]+/.exec(text.slice(i + 1, to))?.[0] ?? '';
        let j = i + 1 + name.length;
        if (name.length === 1 && name in COMBINING) {
          // \c{c}, \v s
          const accent = accented(source, j, to, COMBINING[name]);
          out += accent.text;
          i = accent.end;
          continue;
        }
        if (Object.hasOwn(SYMBOLS, name)) {
          // A control word swallows the space after it; `{}` ends it without one.
          if (text.startsWith('{}', j)) j += 2;
          else if (text[j] === ' ') j += 1;
          out += SYMBOLS[name];
          i = j;
          continue;
        }
        while (j < to && text[j] === ' ') j += 1;
        const braced = group(source, j);
        const [open, close] = Object.hasOwn(EMPHASIS, name) ? EMPHASIS[name] : ['', ''];
        if (braced !== undefined) {
          out += `${open}${textBetween(source, j + 1, braced)}${close}`;
          i = braced + 1;
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
    if (char === '~') {
      out += '\u00A0';
      i += 1;
      continue;
    }
    const ligature = LIGATURES.find(([written]) => text.startsWith(written, i));
    if (ligature) {
      out += ligature[1];
      i += ligature[0].length;
      continue;
    }
    // Characters that start no command, group, dash or quote are copied as a run, not one by one.
    let end = i + 1;
    while (end < to && !SPECIAL.has(text[end])) end += 1;
    out += text.slice(i, end);
    i = end;
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
