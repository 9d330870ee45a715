/**
 * A publication as a CSL-JSON item, what citation styles format, made from the site's own reading of
 * its entry: the fields its BibTeX reader found, LaTeX made readable by latex.ts (as on the page and in
 * its head tags), names split as BibTeX splits them. The entry is read once, never again by Citation.js.
 */
import type { Publication, PublishedIn } from '../../contract/publications';
import { latexToText } from './latex';
import { namesOf, type PersonName } from './names';
import { isArxivPreprint } from './render';

export type CslItem = Record<string, unknown>;

/** CSL's types for BibTeX's; any other is a `document`. */
const CSL_TYPES: Record<string, string> = {
  article: 'article-journal',
  inproceedings: 'paper-conference',
  conference: 'paper-conference',
  incollection: 'chapter',
  inbook: 'chapter',
  book: 'book',
  booklet: 'book',
  proceedings: 'book',
  phdthesis: 'thesis',
  mastersthesis: 'thesis',
  thesis: 'thesis',
  techreport: 'report',
  report: 'report',
  manual: 'report',
  unpublished: 'manuscript',
};

/** Types whose `booktitle` is the work they are part of. */
const IN_A_BOOK = new Set(['inproceedings', 'conference', 'incollection', 'inbook']);

const cslName = (name: PersonName) =>
  'literal' in name
    ? { literal: name.literal }
    : Object.fromEntries(
        Object.entries({ family: name.family, given: name.given, 'non-dropping-particle': name.particle, suffix: name.suffix }).filter(([, part]) => part),
      );

function cslNames(field: string | undefined) {
  return namesOf(field).flatMap((name) => (name === 'others' ? [] : [cslName(name)]));
}

/** A field as readable text, or undefined when the entry has none. */
function textField(fields: Record<string, string>, ...names: string[]): string | undefined {
  const value = names.map((name) => fields[name]?.trim()).find(Boolean);
  return value ? latexToText(value) : undefined;
}

/** The pages with a plain hyphen between first and last (`1--29` → `1-29`), as CSL reads a range. */
const pagesOf = (fields: Record<string, string>) => textField(fields, 'pages')?.replace(/\s*[-‐‑–—]+\s*/g, '-');

/** `howpublished` as a publisher's name: not when it is a web address. */
const publishedBy = (fields: Record<string, string>) =>
  /^\s*(\\url|https?:)/i.test(fields.howpublished ?? '') ? undefined : textField(fields, 'howpublished');

/** Every way to cite a publication is made from this; `abstract` is its abstract as plain text. */
export function cslItem(publication: Publication, fields: Record<string, string>, abstract: string): CslItem {
  const type = publication.entry_type;
  const preprint = isArxivPreprint(type, fields, publication.arxiv);
  const item: CslItem = {
    id: publication.cite_key,
    type: preprint ? 'article' : Object.hasOwn(CSL_TYPES, type) ? CSL_TYPES[type] : 'document',
    title: publication.title_text,
    author: cslNames(fields.author),
    editor: cslNames(fields.editor),
    ...(publication.year === null ? {} : { issued: { 'date-parts': [[publication.year]] } }),
    'container-title': IN_A_BOOK.has(type) ? textField(fields, 'booktitle') : textField(fields, 'journal', 'journaltitle', 'booktitle'),
    'collection-title': textField(fields, 'series'),
    publisher: textField(fields, 'publisher', 'institution', 'school', 'organization') ?? publishedBy(fields),
    'publisher-place': textField(fields, 'address', 'location'),
    volume: textField(fields, 'volume'),
    // A journal's `number` is its issue; a report's, its own number.
    ...(type === 'article' ? { issue: textField(fields, 'number', 'issue') } : { number: textField(fields, 'number') }),
    page: pagesOf(fields),
    edition: textField(fields, 'edition'),
    'chapter-number': textField(fields, 'chapter'),
    genre: textField(fields, 'type'),
    ISBN: textField(fields, 'isbn'),
    ISSN: textField(fields, 'issn'),
    DOI: publication.doi || undefined,
    URL: publication.url || undefined,
    abstract: abstract || undefined,
    // One keyword a topic, as the site split them (at commas and semicolons).
    keyword: publication.topics.map((topic) => topic.name).join(',') || undefined,
  };
  if (preprint) {
    Object.assign(item, { 'container-title': undefined, publisher: 'arXiv', number: `arXiv:${publication.arxiv}` });
    item.URL ??= `https://arxiv.org/abs/${publication.arxiv}`;
  } else if (publication.ssrn && !item.URL && !item.DOI) {
    item.URL = `https://papers.ssrn.com/sol3/papers.cfm?abstract_id=${publication.ssrn}`;
  }
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));
}

/** Where and how the paper appeared, from its CSL item: what Google Scholar's tags name. */
export function publishedIn(item: CslItem): PublishedIn {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const [firstPage, lastPage = ''] = text(item.page).split('-', 2);
  const issuedBy = item.type === 'report' || item.type === 'thesis';
  return {
    volume: text(item.volume),
    issue: text(item.issue),
    first_page: firstPage,
    last_page: lastPage,
    institution: issuedBy ? text(item.publisher) : '',
    number: item.type === 'report' ? text(item.number) : '',
  };
}
