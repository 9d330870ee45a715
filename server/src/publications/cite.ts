/**
 * The ways to cite a paper, made on the server with Citation.js so that no citation library
 * reaches the browser: APA and Chicago (author-date) as text, RIS, and BibTeX.
 */
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-csl';

import { Cite, plugins } from '@citation-js/core';

import type { Citations, Publication } from '../../contract/publications';
import { CHICAGO_AUTHOR_DATE } from './chicagoStyle';

const CHICAGO = 'research-site-chicago';
plugins.config.get('@csl').styles.add(CHICAGO, CHICAGO_AUTHOR_DATE);

/**
 * Fields a reference manager keeps for its owner (where the PDF sits on their disk, their notes,
 * groups and reading marks), left out of the BibTeX given to visitors.
 */
const PRIVATE_FIELDS = new Set([
  'file',
  'annote',
  'comment',
  'owner',
  'timestamp',
  'groups',
  '__markedentry',
  'creationdate',
  'modificationdate',
  'readstatus',
  'ranking',
  'priority',
  'qualityassured',
  'printed',
  'mendeley-groups',
  'mendeley-tags',
]);

/** How a thesis is named, style by style. */
const THESIS_GENRES: Record<string, { apa: string; chicago: string }> = {
  phdthesis: { apa: 'Doctoral dissertation', chicago: 'PhD diss.' },
  mastersthesis: { apa: 'Master’s thesis', chicago: 'Master’s thesis' },
};

/**
 * The entry written out again with its @string macros expanded, without the private fields: the
 * entry as imported may use macros its file defined elsewhere, which a reader pasting it lacks.
 */
function bibtexOf(type: string, citeKey: string, fields: Record<string, string>): string {
  const lines = Object.entries(fields)
    .filter(([name]) => !PRIVATE_FIELDS.has(name))
    .map(([name, value]) => `  ${name} = {${value}}`);
  return `@${type}{${citeKey},\n${lines.join(',\n')}\n}\n`;
}

type CslItem = Record<string, unknown>;

/**
 * The fields a citation is made of; the rest (abstracts, keywords, links, a reference manager's own)
 * is left out of what Citation.js reads, or set from the site's reading of it.
 */
const CITED_FIELDS = new Set([
  'author',
  'editor',
  'title',
  'journal',
  'journaltitle',
  'booktitle',
  'publisher',
  'address',
  'location',
  'institution',
  'school',
  'organization',
  'year',
  'date',
  'month',
  'volume',
  'number',
  'issue',
  'pages',
  'edition',
  'series',
  'chapter',
  'type',
  'howpublished',
  'doi',
  'url',
  'isbn',
  'issn',
  'eprint',
  'archiveprefix',
  'eprinttype',
]);

/** CSL types for BibTeX's, for a citation made without Citation.js. */
const CSL_TYPES: Record<string, string> = {
  article: 'article-journal',
  inproceedings: 'paper-conference',
  conference: 'paper-conference',
  incollection: 'chapter',
  inbook: 'chapter',
  book: 'book',
  phdthesis: 'thesis',
  mastersthesis: 'thesis',
  techreport: 'report',
};

/**
 * The entry as Citation.js reads BibTeX. Its reader recurses into nested groups: an entry nested
 * deeper than its stack allows (no real one is) is cited from what the site read of it instead.
 */
function readByCitationJs(publication: Publication, fields: Record<string, string>): CslItem {
  const properties = Object.fromEntries(Object.entries(fields).filter(([name]) => CITED_FIELDS.has(name)));
  try {
    const [item] = new Cite([{ type: publication.entry_type, label: publication.cite_key, properties }], { forceType: '@biblatex/entries+list' }).data;
    delete item._graph;
    return item;
  } catch {
    return {
      id: publication.cite_key,
      type: Object.hasOwn(CSL_TYPES, publication.entry_type) ? CSL_TYPES[publication.entry_type] : 'document',
      author: publication.authors.filter((name) => name !== 'others').map((name) => ({ literal: name })),
      ...(publication.year === null ? {} : { issued: { 'date-parts': [[publication.year]] } }),
      ...(publication.venue ? { 'container-title': publication.venue } : {}),
      ...(publication.url ? { URL: publication.url } : {}),
    };
  }
}

/**
 * The entry's CSL, corrected where Citation.js reads less than the site does: titles and abstracts as
 * readable text (Citation.js leaves `\mathbb{E}` half-converted), the DOI as the site found it, topics
 * as the site split them, and a preprint's server when the entry names only an eprint number.
 */
function cslItem(publication: Publication, fields: Record<string, string>, abstract: string): CslItem {
  const item = readByCitationJs(publication, fields);
  item.title = publication.title_text;
  if (abstract) item.abstract = abstract;
  if (publication.doi) item.DOI = publication.doi;
  // One keyword a topic (Citation.js splits at commas only, BibTeX files at semicolons too).
  if (publication.topics.length > 0) item.keyword = publication.topics.map((topic) => topic.name).join(',');
  if (publication.arxiv && !item.publisher && !item['container-title']) {
    item.type = 'article';
    item.publisher = 'arXiv';
    item.number = `arXiv:${publication.arxiv}`;
    item.URL ??= `https://arxiv.org/abs/${publication.arxiv}`;
  } else if (publication.ssrn && !item.URL && !publication.doi) {
    item.URL = `https://papers.ssrn.com/sol3/papers.cfm?abstract_id=${publication.ssrn}`;
  }
  return item;
}

/**
 * RIS, each field on one line: Citation.js breaks values every 70 characters, mid-word, and reference
 * managers read the breaks back as spaces or not at all. Values hold no line breaks of their own (text
 * is on one line), so every line that starts no field is such a break.
 */
function ris(item: CslItem): string {
  const lines = new Cite(item).format('ris').replace(/\n(?![A-Z][A-Z0-9] {2}-)/g, '');
  return lines.endsWith('\n') ? lines : `${lines}\n`;
}

function bibliography(item: CslItem, template: string): string {
  return new Cite(item).format('bibliography', { template, format: 'text', lang: 'en-US' }).trim();
}

/** Every way to cite the publication; `fields` are its entry's, `abstract` its abstract as plain text. */
export function citationsOf(publication: Publication, fields: Record<string, string>, abstract: string): Citations {
  const item = cslItem(publication, fields, abstract);
  const genre = Object.hasOwn(THESIS_GENRES, publication.entry_type) ? THESIS_GENRES[publication.entry_type] : undefined;
  return {
    apa: bibliography(genre ? { ...item, genre: genre.apa } : item, 'apa'),
    chicago: bibliography(genre ? { ...item, genre: genre.chicago } : item, CHICAGO),
    bibtex: bibtexOf(publication.entry_type, publication.cite_key, fields),
    ris: ris(item),
  };
}
