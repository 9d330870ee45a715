/**
 * A BibTeX reader for the files researchers export from Google Scholar, Zotero, JabRef, SSRN and
 * arXiv. All or nothing: a file with any problem imports nothing, and each problem names its line
 * and entry so that it can be found and fixed in the file.
 *
 * Every scan moves forward through the text character by character (no regular expression that
 * could try the same characters again and again), so a file takes time in proportion to its size,
 * and @string macros expand under the same limits as fields, so a macro built from others cannot
 * grow past them.
 */

import { splitMath } from './latex';

export interface BibEntry {
  key: string;
  /** Lower case: article, misc, techreport... */
  type: string;
  /** 1-based line of the `@`. */
  line: number;
  /** Lower-case field names; values with their outer braces or quotes removed, macros expanded. */
  fields: Record<string, string>;
  /** The entry exactly as written in the file. */
  source: string;
}

export type ParseResult = { ok: true; entries: BibEntry[] } | { ok: false; errors: string[] };

/**
 * `expandedChars` bounds the fields and macros of a whole file once macros are expanded: each use of
 * a macro copies its value, so a small file could otherwise hold gigabytes, all rendered afterwards.
 * `formulas` and `mathChars` bound the mathematics of titles and abstracts, which is rendered with
 * KaTeX at some microseconds a formula and a character: the costliest part of an import by far.
 */
export const BIBTEX_LIMITS = {
  chars: 1_000_000,
  entries: 500,
  fieldChars: 10_000,
  expandedChars: 1_000_000,
  formulas: 10_000,
  mathChars: 100_000,
} as const;
/** Enough problems to fix in one go; a file with more is probably not BibTeX at all. */
const MAX_ERRORS = 20;
/** Names quoted in a message are cut to this many characters, so that a long one cannot flood the answer. */
const SHOWN_NAME_CHARS = 60;

const MONTHS: Record<string, string> = {
  jan: 'January',
  feb: 'February',
  mar: 'March',
  apr: 'April',
  may: 'May',
  jun: 'June',
  jul: 'July',
  aug: 'August',
  sep: 'September',
  oct: 'October',
  nov: 'November',
  dec: 'December',
};

class BibError extends Error {}
/** A problem after which the rest of the file is not read. */
class FileTooBig extends BibError {}

const NEWLINE = 10;
const BACKSLASH = 92;

/** The characters JavaScript's `\s` matches and `trim()` removes. */
export function isSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** What `\w` matches. */
const isWordChar = (code: number) => isLetter(code) || isDigit(code) || code === 95;
const NOT_IN_NAMES = new Set(Array.from('"#%\'(),={}', (char) => char.charCodeAt(0)));
/** Citation keys, entry types, field and macro names: anything but spaces and BibTeX's punctuation. */
const isNameChar = (code: number) => !Number.isNaN(code) && !isSpace(code) && !NOT_IN_NAMES.has(code);

const shown = (name: string) => (name.length > SHOWN_NAME_CHARS ? `${name.slice(0, SHOWN_NAME_CHARS)}…` : name);

class Reader {
  pos = 0;
  private readonly lineStarts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  lineAt(pos: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.lineStarts[middle] <= pos) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  skipSpace(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const code = text.charCodeAt(this.pos);
      if (isSpace(code)) this.pos += 1;
      // A line comment inside an entry, as biber and JabRef accept.
      else if (text[this.pos] === '%') {
        const end = text.indexOf('\n', this.pos);
        this.pos = end < 0 ? text.length : end;
      } else break;
    }
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  /** The character at the position, whole even when it takes two UTF-16 units, to quote in a message. */
  peekCharacter(): string {
    const code = this.text.codePointAt(this.pos);
    return code === undefined ? '' : String.fromCodePoint(code);
  }

  name(): string {
    const start = this.pos;
    while (isNameChar(this.text.charCodeAt(this.pos))) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  /** A `{...}` value with nested braces; the position is on the opening brace. */
  braced(what: string): string {
    const value = this.delimited('}');
    if (value === undefined) throw new BibError(`unbalanced braces in ${what}`);
    return value;
  }

  /** A `"..."` value; braces inside protect quotes. */
  quoted(what: string): string {
    const value = this.delimited('"');
    if (value === undefined) throw new BibError(`unterminated quotes in ${what}`);
    return value;
  }

  /**
   * The text from after the opening delimiter up to `closer` outside nested braces, skipping
   * backslash escapes; undefined when the text ends first or, in a braced value, when a new entry
   * starts a line inside it (the value's closing brace is missing).
   */
  private delimited(closer: '}' | '"'): string | undefined {
    const { text } = this;
    const closerCode = closer.charCodeAt(0);
    const start = this.pos + 1;
    let depth = 0;
    // Whether only spaces stand between the last line break and here: an `@` there may start an entry.
    let lineStart = false;
    for (this.pos = start; this.pos < text.length; this.pos += 1) {
      const code = text.charCodeAt(this.pos);
      if (code === BACKSLASH) {
        this.pos += 1;
        lineStart = text.charCodeAt(this.pos) === NEWLINE;
        continue;
      }
      if (code === closerCode && depth === 0) {
        this.pos += 1;
        return text.slice(start, this.pos - 1);
      }
      if (code === 123) depth += 1;
      else if (code === 125) depth -= 1;
      else if (code === 64 && lineStart && closer === '}' && depth === 0 && this.entryStartsAt(this.pos)) return undefined;
      lineStart = code === NEWLINE || (lineStart && isSpace(code));
    }
    return undefined;
  }

  /** Whether `@type{` or `@type(` is written at the position. */
  private entryStartsAt(at: number): boolean {
    const { text } = this;
    let i = at + 1;
    while (isWordChar(text.charCodeAt(i))) i += 1;
    if (i === at + 1) return false;
    while (isSpace(text.charCodeAt(i))) i += 1;
    return text[i] === '{' || text[i] === '(';
  }

  /** The position of the next `@` that starts a line (after spaces), or the end of the text. */
  nextLineWithEntry(from: number): number {
    const { text } = this;
    for (let i = text.indexOf('\n', from); i >= 0; i = text.indexOf('\n', i)) {
      i += 1;
      while (isSpace(text.charCodeAt(i))) i += 1;
      if (text[i] === '@') return i;
    }
    return text.length;
  }
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

/**
 * Whether a line of the value reads like the start of another field (`name = {`, `name = "` or
 * `name = 1`): a closing brace missing inside a value swallows the next fields up to a later brace.
 */
function swallowsAField(value: string): boolean {
  for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i)) {
    i = skipSpaces(value, i + 1);
    if (!isLetter(value.charCodeAt(i))) continue;
    i += 1;
    while (isWordChar(value.charCodeAt(i)) || value[i] === '-') i += 1;
    // The spaces after the name may hold the next line break, so the search goes on from the name's end.
    const equals = skipSpaces(value, i);
    if (value[equals] !== '=') continue;
    const next = value.charCodeAt(skipSpaces(value, equals + 1));
    if (next === 123 || next === 34 || isDigit(next)) return true;
  }
  return false;
}

/** Joins a file's lines into single-space text where the file wrapped them: each run of spaces with a line break becomes one space. */
function collapse(value: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < value.length) {
    if (!isSpace(value.charCodeAt(i))) {
      i += 1;
      continue;
    }
    const runStart = i;
    let wrapped = false;
    while (i < value.length && isSpace(value.charCodeAt(i))) {
      if (value.charCodeAt(i) === NEWLINE) wrapped = true;
      i += 1;
    }
    if (wrapped) {
      out += `${value.slice(copied, runStart)} `;
      copied = i;
    }
  }
  return (out + value.slice(copied)).trim();
}

function readValue(reader: Reader, what: string, macros: Map<string, string>): string {
  const parts: string[] = [];
  // A macro's value has had its line breaks joined already, so joining the parts cannot shorten it:
  // once the macros alone pass the limit the value is too long, and stopping there keeps a chain of
  // macros that double each other from taking gigabytes.
  let fromMacros = 0;
  for (;;) {
    reader.skipSpace();
    const char = reader.peek();
    const code = char.charCodeAt(0);
    if (char === '{') {
      const value = reader.braced(what);
      if (swallowsAField(value)) throw new BibError(`unbalanced braces in ${what}`);
      parts.push(value);
    } else if (char === '"') parts.push(reader.quoted(what));
    else if (isDigit(code)) parts.push(reader.name());
    else if (isNameChar(code)) {
      const macro = reader.name();
      const lower = macro.toLowerCase();
      const value = macros.get(lower) ?? (Object.hasOwn(MONTHS, lower) ? MONTHS[lower] : undefined);
      if (value === undefined) throw new BibError(`${what} uses "${shown(macro)}", which no @string defines (put text in braces)`);
      fromMacros += value.length;
      if (fromMacros > BIBTEX_LIMITS.fieldChars)
        throw new BibError(`${what} is longer than ${BIBTEX_LIMITS.fieldChars} characters with its @string macros expanded`);
      parts.push(value);
    } else throw new BibError(`${what} has no value`);
    reader.skipSpace();
    if (reader.peek() !== '#') break;
    reader.pos += 1;
  }
  const value = collapse(parts.join(''));
  if (value.length > BIBTEX_LIMITS.fieldChars) throw new BibError(`${what} is longer than ${BIBTEX_LIMITS.fieldChars} characters`);
  return value;
}

/**
 * Why the text cannot be a BibTeX file at all (a PDF or another binary file chosen by mistake, or
 * text in another encoding, which reaches the server with U+FFFD in place of each character that
 * is not UTF-8), or undefined.
 */
function notText(text: string): string | undefined {
  if (text.replace(/^\uFEFF/, '').startsWith('%PDF-')) return 'The file is a PDF, not a BibTeX text file.';
  let i = 0;
  let code = 0;
  for (; i < text.length; i += 1) {
    code = text.charCodeAt(i);
    // Tabs, line breaks and form feeds are text; any other control character is binary data.
    if ((code < 32 && (code < 9 || code > 13)) || code === 0xfffd) break;
  }
  if (i === text.length) return undefined;
  const line = text.slice(0, i).split('\n').length;
  return code === 0xfffd
    ? `The file is not UTF-8 text (line ${line}); save it as UTF-8.`
    : `The file is not a BibTeX text file (line ${line} has binary data).`;
}

/** Reads the file; entries in file order. */
export function parseBibtex(text: string): ParseResult {
  if (text.length > BIBTEX_LIMITS.chars) return { ok: false, errors: [`The file is larger than ${BIBTEX_LIMITS.chars / 1_000_000} MB.`] };
  const binary = notText(text);
  if (binary) return { ok: false, errors: [binary] };
  const reader = new Reader(text.replace(/\r\n?/g, '\n'));
  const macros = new Map<string, string>();
  const entries: BibEntry[] = [];
  const errors: string[] = [];
  const firstLineOf = new Map<string, number>();
  let expanded = 0;
  let formulas = 0;
  let mathChars = 0;
  /** Counts a value towards the whole file's expanded size. */
  const counted = (value: string) => {
    expanded += value.length;
    if (expanded > BIBTEX_LIMITS.expandedChars)
      throw new FileTooBig(`the file's values come to more than ${BIBTEX_LIMITS.expandedChars} characters with @string macros expanded`);
    return value;
  };

  while (errors.length < MAX_ERRORS) {
    const at = reader.text.indexOf('@', reader.pos);
    if (at < 0) break;
    reader.pos = at + 1;
    const line = reader.lineAt(at);
    reader.skipSpace();
    const type = reader.name().toLowerCase();
    let label = type ? `entry @${shown(type)}` : 'an entry';
    try {
      if (!type) throw new BibError('"@" is not followed by an entry type');
      reader.skipSpace();
      const open = reader.peek();
      if (open !== '{' && open !== '(') throw new BibError(`@${shown(type)} is not followed by "{"`);
      const close = open === '{' ? '}' : ')';
      if (type === 'comment') {
        // BibTeX ignores the rest of the line after @comment; tools write braced comments.
        if (open === '{') reader.braced('the comment');
        continue;
      }
      if (type === 'preamble') {
        reader.pos += 1;
        readValue(reader, 'the preamble', macros);
        reader.skipSpace();
        reader.pos += 1;
        continue;
      }
      reader.pos += 1;
      reader.skipSpace();
      if (type === 'string') {
        const name = reader.name();
        if (!name) throw new BibError('the @string has no name');
        label = `@string "${shown(name)}"`;
        reader.skipSpace();
        if (reader.peek() !== '=') throw new BibError(`"=" is missing after the @string name`);
        reader.pos += 1;
        macros.set(name.toLowerCase(), counted(readValue(reader, 'its value', macros)));
        reader.skipSpace();
        if (reader.peek() !== close) throw new BibError(`"${close}" is missing at its end`);
        reader.pos += 1;
        continue;
      }
      const key = reader.name();
      reader.skipSpace();
      if (!key || reader.peek() !== ',') throw new BibError(key ? 'a comma is missing after the citation key' : 'the citation key is missing');
      label = `entry "${shown(key)}"`;
      reader.pos += 1;
      const fields: Record<string, string> = {};
      for (;;) {
        reader.skipSpace();
        if (reader.peek() === close) {
          reader.pos += 1;
          break;
        }
        const fieldLine = reader.lineAt(reader.pos);
        const field = reader.name().toLowerCase();
        if (!field)
          throw new BibError(
            reader.pos >= reader.text.length ? `"${close}" is missing at its end` : `unexpected "${reader.peekCharacter()}" on line ${fieldLine}`,
          );
        reader.skipSpace();
        if (reader.peek() !== '=') throw new BibError(`"=" is missing after field "${shown(field)}" on line ${fieldLine}`);
        reader.pos += 1;
        fields[field] = counted(readValue(reader, `field "${shown(field)}"`, macros));
        reader.skipSpace();
        if (reader.peek() === ',') reader.pos += 1;
        else if (reader.peek() !== close)
          throw new BibError(
            reader.pos >= reader.text.length
              ? `"${close}" is missing at its end`
              : `a comma or the closing "${close}" is missing after field "${shown(field)}" on line ${fieldLine}`,
          );
      }
      if (!fields.title) throw new BibError('it has no title');
      for (const segment of [...splitMath(fields.title), ...splitMath(fields.abstract ?? '')])
        if (segment.math) {
          formulas += 1;
          mathChars += segment.tex.length;
        }
      if (formulas > BIBTEX_LIMITS.formulas)
        throw new FileTooBig(`the titles and abstracts hold more than ${BIBTEX_LIMITS.formulas} formulas; import the file in parts`);
      if (mathChars > BIBTEX_LIMITS.mathChars)
        throw new FileTooBig(`the titles and abstracts hold more than ${BIBTEX_LIMITS.mathChars} characters of mathematics; import the file in parts`);
      const first = firstLineOf.get(key.toLowerCase());
      if (first !== undefined) {
        errors.push(`Line ${line}: citation key "${shown(key)}" is used twice (first on line ${first}).`);
        continue;
      }
      firstLineOf.set(key.toLowerCase(), line);
      entries.push({ key, type, line, fields, source: reader.text.slice(at, reader.pos) });
      if (entries.length > BIBTEX_LIMITS.entries)
        return { ok: false, errors: [`The file has more than ${BIBTEX_LIMITS.entries} entries; import it in parts.`] };
    } catch (error) {
      if (!(error instanceof BibError)) throw error;
      errors.push(`Line ${line}, ${label}: ${error.message}.`);
      if (error instanceof FileTooBig) break;
      // Go on from the next line that starts an entry, to report the file's other problems too.
      reader.pos = reader.nextLineWithEntry(at + 1);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (entries.length === 0) return { ok: false, errors: ['The file has no BibTeX entries.'] };
  return { ok: true, entries };
}
