/**
 * What visitors find a publication by: its page's address, what kind of work it is, its topics, and
 * the further material its BibTeX names.
 */
import type { Facet } from '../../contract/publications';
import { latexToText } from './latex';

/** Lower case, accents dropped, every run of other characters one hyphen: "Rough Volatility" → "rough-volatility". */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The key of a paper's page, /research/KEY, from its citation key, which never changes: `Northcote2019SLV`
 * → `northcote2019slv`, `DBLP:journals/corr/abs-2403` → `dblp-journals-corr-abs-2403`. A key with no
 * letter or digit is written in hexadecimal. Two citation keys that give one page key cannot both be imported.
 */
export function paperKey(citeKey: string): string {
  return slugOf(citeKey) || `key-${[...citeKey].map((char) => char.codePointAt(0)!.toString(16)).join('-')}`;
}

const KINDS = {
  'journal-article': 'Journal article',
  'conference-paper': 'Conference paper',
  'working-paper': 'Working paper',
  'book-chapter': 'Book chapter',
  book: 'Book',
  thesis: 'Thesis',
  report: 'Report',
  other: 'Other',
} as const;

const KIND_OF_TYPE: Record<string, keyof typeof KINDS> = {
  article: 'journal-article',
  inproceedings: 'conference-paper',
  conference: 'conference-paper',
  incollection: 'book-chapter',
  inbook: 'book-chapter',
  book: 'book',
  phdthesis: 'thesis',
  mastersthesis: 'thesis',
  thesis: 'thesis',
  techreport: 'report',
  report: 'report',
};

/** The kind of work by its BibTeX entry type; one staff marked as a working paper is one, whatever its type. */
export function kindOf(entryType: string, isWorkingPaper: boolean): Facet {
  const slug = isWorkingPaper ? 'working-paper' : Object.hasOwn(KIND_OF_TYPE, entryType) ? KIND_OF_TYPE[entryType] : 'other';
  return { slug, name: KINDS[slug] };
}

/** Enough topics for any paper; a longer list is more likely a pasted abstract than keywords. */
const MAX_TOPICS = 12;
const MAX_TOPIC_CHARS = 60;

/** The entry's `keywords` (separated by commas or semicolons), each once whatever its case or accents. */
export function topicsOf(fields: Record<string, string>): Facet[] {
  const topics = new Map<string, Facet>();
  for (const word of latexToText(fields.keywords ?? '').split(/[,;]/)) {
    const name = word.trim();
    const slug = slugOf(name);
    if (slug && name.length <= MAX_TOPIC_CHARS && !topics.has(slug) && topics.size < MAX_TOPICS) topics.set(slug, { slug, name });
  }
  return [...topics.values()];
}

/** BibTeX fields that name further material, as the links read. */
const LINK_FIELDS = [
  ['code', 'Code'],
  ['slides', 'Slides'],
  ['data', 'Data'],
  ['video', 'Video'],
  ['poster', 'Poster'],
] as const;

/** The links to further material, each a web address (anything else in those fields is not a link). */
export function linksOf(fields: Record<string, string>): { label: string; href: string }[] {
  return LINK_FIELDS.flatMap(([field, label]) => {
    const href = (fields[field] ?? '').trim();
    return /^https?:\/\/\S+$/i.test(href) ? [{ label, href }] : [];
  });
}
