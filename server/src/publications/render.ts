import { type BibEntry, parseBibtex } from './bibtex';
import { latexToHtml, latexToText } from './latex';
import { authorsOf } from './names';
import { htmlToPlainText } from './plainText';

/** A BibTeX entry as the Research page shows it and the database keeps it. */
export interface RenderedPublication {
  cite_key: string;
  entry_type: string;
  title: string;
  title_html: string;
  /** The title's plain text, formulas as readable characters. */
  title_text: string;
  authors: string[];
  venue: string;
  year: number | null;
  doi: string;
  arxiv: string;
  ssrn: string;
  url: string;
  abstract: string;
  abstract_html: string;
  bibtex: string;
  is_working_paper: boolean;
  /** Every field of the entry, @string macros expanded: what citations, topics and further links are made from. */
  fields: Record<string, string>;
}

const DOI = /^10\.\d{4,9}\/\S+$/;
const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/;

export function doiOf(fields: Record<string, string>): string {
  const raw = (fields.doi ?? '').trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
  return DOI.test(raw) ? raw : '';
}

/**
 * The id in an arXiv address (`arxiv.org/abs/ID`, `arxiv.org/pdf/ID.pdf`) that runs to the end of
 * the text or to its query or fragment. Each address is read once to its end; a lazy pattern
 * followed by an optional `.pdf` would re-read the rest of the text from every `arxiv.org` in it.
 */
function arxivInUrl(url: string): string | undefined {
  const address = /arxiv\.org\/(?:abs|pdf)\/([^\s?#]+)/gi;
  for (let match = address.exec(url); match; match = address.exec(url)) {
    const end = match.index + match[0].length;
    if (end < url.length && url[end] !== '?' && url[end] !== '#') continue;
    const id = match[1];
    return id.length > 4 && id.slice(-4).toLowerCase() === '.pdf' ? id.slice(0, -4) : id;
  }
  return undefined;
}

export function arxivOf(fields: Record<string, string>): string {
  const prefix = (fields.archiveprefix ?? fields.eprinttype ?? '').toLowerCase();
  const candidates = [
    fields.arxiv,
    prefix === 'arxiv' ? fields.eprint : undefined,
    arxivInUrl(fields.url ?? ''),
    /arxiv:\s*([^\s,}]+)/i.exec(`${fields.journal ?? ''} ${fields.note ?? ''} ${fields.howpublished ?? ''}`)?.[1],
  ];
  for (const candidate of candidates) {
    const id = candidate?.trim().replace(/^arxiv:/i, '');
    if (id && ARXIV_ID.test(id)) return id;
  }
  return '';
}

export function ssrnOf(fields: Record<string, string>): string {
  const direct = (fields.ssrn ?? '').trim();
  if (/^\d{4,9}$/.test(direct)) return direct;
  const inText = /ssrn\.com\/(?:abstract=|sol3\/papers\.cfm\?abstract_id=)(\d{4,9})/i.exec(`${fields.url ?? ''} ${fields.doi ?? ''} ${fields.note ?? ''}`);
  if (inText) return inText[1];
  const ssrnDoi = /^10\.2139\/ssrn\.(\d{4,9})$/i.exec(doiOf(fields));
  return ssrnDoi?.[1] ?? '';
}

/** Where the work appeared, by what its type names it. */
function venueOf(type: string, fields: Record<string, string>): string {
  const order: Record<string, string[]> = {
    article: ['journal', 'journaltitle'],
    inproceedings: ['booktitle'],
    conference: ['booktitle'],
    incollection: ['booktitle', 'publisher'],
    book: ['publisher'],
    techreport: ['institution', 'type'],
    phdthesis: ['school'],
    mastersthesis: ['school'],
    // Unpublished work says where it stands in its note ("Manuscript under review").
    unpublished: ['note'],
  };
  const fallbacks = ['journal', 'booktitle', 'howpublished', 'institution', 'school', 'publisher', 'organization'];
  const field = [...(Object.hasOwn(order, type) ? order[type] : []), ...fallbacks].find((name) => fields[name]?.trim());
  if (!field) return '';
  let venue = latexToText(fields[field]);
  if (type === 'techreport' && field === 'institution' && fields.number)
    venue += `, ${fields.type ? latexToText(fields.type) : 'Working paper'} ${latexToText(fields.number)}`;
  return venue;
}

/** Entry types an arXiv preprint is exported as. */
const PREPRINT_TYPES = new Set(['article', 'misc', 'online', 'preprint', 'unpublished', 'techreport', 'report']);

/**
 * Whether the entry is an arXiv preprint: it has an arXiv id and names no other place it appeared, or
 * names arXiv as its journal, as Google Scholar's BibTeX does (`journal = {arXiv preprint arXiv:2403.01234}`).
 */
export function isArxivPreprint(type: string, fields: Record<string, string>, arxiv: string): boolean {
  if (!arxiv || !PREPRINT_TYPES.has(type)) return false;
  const journal = fields.journal ?? fields.journaltitle;
  if (journal) return /arxiv/i.test(journal);
  return !fields.booktitle && !fields.publisher && !fields.institution && !fields.school;
}

/** A first guess staff can change: reports, unpublished work and preprints are working papers. */
function looksLikeWorkingPaper(type: string, fields: Record<string, string>, arxiv: string, ssrn: string): boolean {
  if (type === 'techreport' || type === 'unpublished' || isArxivPreprint(type, fields, arxiv)) return true;
  if (type !== 'misc' && type !== 'online' && type !== 'preprint') return false;
  if (fields.journal) return false;
  return Boolean(arxiv || ssrn || /working paper|preprint/i.test(`${fields.howpublished ?? ''} ${fields.note ?? ''} ${fields.type ?? ''}`));
}

export function renderEntry(entry: BibEntry): RenderedPublication {
  const { fields } = entry;
  const arxiv = arxivOf(fields);
  const ssrn = ssrnOf(fields);
  const url = (fields.url ?? '').trim();
  const year = /\d{4}/.exec(fields.year ?? fields.date ?? '')?.[0];
  const titleHtml = latexToHtml(fields.title);
  return {
    cite_key: entry.key,
    entry_type: entry.type,
    title: latexToText(fields.title),
    title_html: titleHtml,
    title_text: htmlToPlainText(titleHtml),
    authors: authorsOf(fields.author),
    venue: venueOf(entry.type, fields) || (arxiv ? `arXiv preprint arXiv:${arxiv}` : ''),
    year: year ? Number(year) : null,
    doi: doiOf(fields),
    arxiv,
    ssrn,
    url: /^https?:\/\/\S+$/i.test(url) ? url : '',
    abstract: fields.abstract ? latexToText(fields.abstract) : '',
    abstract_html: fields.abstract ? latexToHtml(fields.abstract) : '',
    bibtex: entry.source,
    is_working_paper: looksLikeWorkingPaper(entry.type, fields, arxiv, ssrn),
    fields,
  };
}

/** The entries of a BibTeX text, or the problems that stop it being imported (answered under `bibtex`). */
export type EntriesRead = { entries: RenderedPublication[] } | { problems: { bibtex: string[] } };

export function readEntries(bibtex: string): EntriesRead {
  const parsed = parseBibtex(bibtex);
  if (!parsed.ok) return { problems: { bibtex: parsed.errors } };
  return { entries: parsed.entries.map(renderEntry) };
}
