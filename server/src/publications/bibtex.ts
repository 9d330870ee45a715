/**
 * A BibTeX reader for the files researchers export from Google Scholar, Zotero, JabRef, SSRN and
 * arXiv. All or nothing: a file with any problem imports nothing, and each problem names its line
 * and entry so that it can be found and fixed in the file.
 */

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

export const BIBTEX_LIMITS = { chars: 1_000_000, entries: 500, fieldChars: 10_000 } as const;
/** Enough problems to fix in one go; a file with more is probably not BibTeX at all. */
const MAX_ERRORS = 20;

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

const NAME = /[^\s"#%'(),={}]/;

class Reader {
  pos = 0;
  private readonly lineStarts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') this.lineStarts.push(i + 1);
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
    while (this.pos < this.text.length) {
      const char = this.text[this.pos];
      if (/\s/.test(char)) this.pos += 1;
      // A line comment inside an entry, as biber and JabRef accept.
      else if (char === '%') while (this.pos < this.text.length && this.text[this.pos] !== '\n') this.pos += 1;
      else break;
    }
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  name(): string {
    const start = this.pos;
    while (this.pos < this.text.length && NAME.test(this.text[this.pos])) this.pos += 1;
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
    const start = this.pos + 1;
    let depth = 0;
    for (this.pos = start; this.pos < this.text.length; this.pos += 1) {
      const char = this.text[this.pos];
      if (char === '\\') {
        this.pos += 1;
      } else if (char === closer && depth === 0) {
        this.pos += 1;
        return this.text.slice(start, this.pos - 1);
      } else if (char === '{') {
        depth += 1;
      } else if (char === '}') {
        depth -= 1;
      } else if (closer === '}' && char === '@' && depth === 0 && this.entryStartsHere()) {
        return undefined;
      }
    }
    return undefined;
  }

  private entryStartsHere(): boolean {
    return /\n\s*$/.test(this.text.slice(Math.max(0, this.pos - 200), this.pos)) && /^@\w+\s*[{(]/.test(this.text.slice(this.pos, this.pos + 40));
  }
}

const SWALLOWED_FIELD = /\n\s*[A-Za-z][\w-]*\s*=\s*[{"\d]/;

/** Joins a file's lines into single-space text where the file wrapped them. */
const collapse = (value: string) => value.replace(/\s*\n\s*/g, ' ').trim();

function readValue(reader: Reader, what: string, macros: Map<string, string>): string {
  const parts: string[] = [];
  for (;;) {
    reader.skipSpace();
    const char = reader.peek();
    if (char === '{') {
      const value = reader.braced(what);
      // A closing brace missing inside a value swallows the next fields up to a later brace.
      if (SWALLOWED_FIELD.test(value)) throw new BibError(`unbalanced braces in ${what}`);
      parts.push(value);
    } else if (char === '"') parts.push(reader.quoted(what));
    else if (/\d/.test(char)) parts.push(reader.name());
    else if (NAME.test(char)) {
      const macro = reader.name();
      const value = macros.get(macro.toLowerCase()) ?? MONTHS[macro.toLowerCase()];
      if (value === undefined) throw new BibError(`${what} uses "${macro}", which no @string defines (put text in braces)`);
      parts.push(value);
    } else throw new BibError(`${what} has no value`);
    reader.skipSpace();
    if (reader.peek() !== '#') return collapse(parts.join(''));
    reader.pos += 1;
  }
}

/** Reads the file; entries in file order. */
export function parseBibtex(text: string): ParseResult {
  if (text.length > BIBTEX_LIMITS.chars) return { ok: false, errors: [`The file is larger than ${BIBTEX_LIMITS.chars / 1_000_000} MB.`] };
  const reader = new Reader(text.replace(/\r\n?/g, '\n'));
  const macros = new Map<string, string>();
  const entries: BibEntry[] = [];
  const errors: string[] = [];
  const firstLineOf = new Map<string, number>();

  while (errors.length < MAX_ERRORS) {
    const at = reader.text.indexOf('@', reader.pos);
    if (at < 0) break;
    reader.pos = at + 1;
    const line = reader.lineAt(at);
    reader.skipSpace();
    const type = reader.name().toLowerCase();
    let label = type ? `entry @${type}` : 'an entry';
    try {
      if (!type) throw new BibError('"@" is not followed by an entry type');
      reader.skipSpace();
      const open = reader.peek();
      if (open !== '{' && open !== '(') throw new BibError(`@${type} is not followed by "{"`);
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
        label = `@string "${name}"`;
        reader.skipSpace();
        if (reader.peek() !== '=') throw new BibError(`"=" is missing after the @string name`);
        reader.pos += 1;
        macros.set(name.toLowerCase(), readValue(reader, 'its value', macros));
        reader.skipSpace();
        if (reader.peek() !== close) throw new BibError(`"${close}" is missing at its end`);
        reader.pos += 1;
        continue;
      }
      const key = reader.name();
      reader.skipSpace();
      if (!key || reader.peek() !== ',') throw new BibError(key ? 'a comma is missing after the citation key' : 'the citation key is missing');
      label = `entry "${key}"`;
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
          throw new BibError(reader.pos >= reader.text.length ? `"${close}" is missing at its end` : `unexpected "${reader.peek()}" on line ${fieldLine}`);
        reader.skipSpace();
        if (reader.peek() !== '=') throw new BibError(`"=" is missing after field "${field}" on line ${fieldLine}`);
        reader.pos += 1;
        const value = readValue(reader, `field "${field}"`, macros);
        if (value.length > BIBTEX_LIMITS.fieldChars) throw new BibError(`field "${field}" is longer than ${BIBTEX_LIMITS.fieldChars} characters`);
        fields[field] = value;
        reader.skipSpace();
        if (reader.peek() === ',') reader.pos += 1;
        else if (reader.peek() !== close)
          throw new BibError(
            reader.pos >= reader.text.length
              ? `"${close}" is missing at its end`
              : `a comma or the closing "${close}" is missing after field "${field}" on line ${fieldLine}`,
          );
      }
      if (!fields.title) throw new BibError('it has no title');
      const first = firstLineOf.get(key.toLowerCase());
      if (first !== undefined) {
        errors.push(`Line ${line}: citation key "${key}" is used twice (first on line ${first}).`);
        continue;
      }
      firstLineOf.set(key.toLowerCase(), line);
      entries.push({ key, type, line, fields, source: reader.text.slice(at, reader.pos) });
      if (entries.length > BIBTEX_LIMITS.entries)
        return { ok: false, errors: [`The file has more than ${BIBTEX_LIMITS.entries} entries; import it in parts.`] };
    } catch (error) {
      if (!(error instanceof BibError)) throw error;
      errors.push(`Line ${line}, ${label}: ${error.message}.`);
      // Go on from the next line that starts an entry, to report the file's other problems too.
      const next = reader.text.slice(at + 1).search(/\n\s*@/);
      reader.pos = next < 0 ? reader.text.length : at + 1 + next + 1;
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (entries.length === 0) return { ok: false, errors: ['The file has no BibTeX entries.'] };
  return { ok: true, entries };
}
