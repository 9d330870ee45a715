/**
 * People's names as BibTeX writes them (`Last, First`, `von Last, Jr, First`, `First von Last`,
 * `{Organisation Name}`), split as BibTeX splits them, with their LaTeX made readable: what the
 * Research page lists and what citations are made of.
 */
import { isSpace } from './bibtex';
import { latexToText } from './latex';

/** A person's name in parts (the particle is the lower-case `von`, `de la`), or an organisation's name as written. */
export type PersonName = { family: string; given?: string; particle?: string; suffix?: string } | { literal: string };

/**
 * Splits at brace depth 0 where `separatorAt` finds a separator, as BibTeX does for `and` between
 * names; `separatorAt` gives the separator's length at a position, or 0.
 */
function splitTopLevel(text: string, separatorAt: (text: string, i: number) => number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') depth -= 1;
    else if (depth === 0) {
      const length = separatorAt(text, i);
      if (length > 0) {
        parts.push(text.slice(start, i));
        i += length - 1;
        start = i + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

const commaAt = (text: string, i: number) => (text[i] === ',' ? 1 : 0);
const spaceAt = (text: string, i: number) => (isSpace(text.charCodeAt(i)) ? 1 : 0);

/**
 * The length of an `and` between spaces (any case) at a position, or 0. Only the first space of a
 * run is tried: the rest of the run ends at the same word, and trying each would take time in
 * proportion to the square of the run's length.
 */
function andAt(text: string, i: number): number {
  if (!isSpace(text.charCodeAt(i)) || isSpace(text.charCodeAt(i - 1))) return 0;
  let end = i;
  while (isSpace(text.charCodeAt(end))) end += 1;
  if (text.slice(end, end + 3).toLowerCase() !== 'and' || !isSpace(text.charCodeAt(end + 3))) return 0;
  end += 3;
  while (isSpace(text.charCodeAt(end))) end += 1;
  return end - i;
}

/** Whether the group opening at 0 closes at the text's end: `{World Bank}` is one name, not two words. */
function isOneGroup(text: string): boolean {
  if (!text.startsWith('{')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i === text.length - 1;
  }
  return false;
}

/** A `von` word starts in lower case; a word in braces has no case (`{van} Gogh`), unless it is an accent (`{\'e}`). */
const isParticle = (word: string) => !/^\{(?!\\)/.test(word) && /^\p{Ll}/u.test(latexToText(word));

const text = (words: string[]) => latexToText(words.join(' '));

/** One name's parts, as BibTeX reads them. */
function nameParts(name: string): PersonName {
  if (isOneGroup(name)) return { literal: latexToText(name) };
  const [first, ...rest] = splitTopLevel(name, commaAt);
  const words = splitTopLevel(first, spaceAt);
  let given: string[] = [];
  let particle: string[] = [];
  let family: string[];
  if (rest.length === 0) {
    // First von Last: the von part runs from the first lower-case word to the last one before the last word.
    const from = words.slice(0, -1).findIndex(isParticle);
    const to = words.slice(0, -1).findLastIndex(isParticle);
    given = words.slice(0, from < 0 ? -1 : from);
    particle = from < 0 ? [] : words.slice(from, to + 1);
    family = words.slice(from < 0 ? -1 : to + 1);
  } else {
    // von Last, [Jr,] First: the von part is the lower-case words before the last word.
    const to = isParticle(words[0] ?? '') ? words.slice(0, -1).findLastIndex(isParticle) : -1;
    particle = words.slice(0, to + 1);
    family = words.slice(to + 1);
    given = rest.slice(-1);
  }
  const parts = { family: text(family), given: text(given), particle: text(particle), suffix: rest.length === 2 ? latexToText(rest[0]) : '' };
  if (!parts.family) return { literal: latexToText(name) };
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value)) as PersonName;
}

/** The names of an `author` or `editor` field; `and others` is `'others'`. */
export function namesOf(field: string | undefined): (PersonName | 'others')[] {
  if (!field) return [];
  return splitTopLevel(field, andAt).map((name) => (name.toLowerCase() === 'others' ? 'others' : nameParts(name)));
}

/** A name as a reader says it: "Ludwig van Beethoven", "Martin Luther King Jr". */
export const nameAsSaid = (name: PersonName) =>
  'literal' in name ? name.literal : [name.given, name.particle, name.family, name.suffix].filter(Boolean).join(' ');

/** The names of an `author` field as readers say them, first name first. */
export function authorsOf(field: string | undefined): string[] {
  return namesOf(field).map((name) => (name === 'others' ? 'others' : nameAsSaid(name)));
}
