import type { BibEntry } from './bibtex';
import { latexToHtml, latexToText } from './latex';

/** A BibTeX entry as the Research page shows it and the database keeps it. */
export interface RenderedPublication {
  cite_key: string;
  entry_type: string;
  title: string;
  title_html: string;
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
}

/** Splits on a word at brace depth 0, as BibTeX does for `and` between names. */
function splitTopLevel(text: string, word: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') depth -= 1;
    else if (depth === 0) {
      const match = word.exec(text.slice(i));
      if (match?.index === 0) {
        parts.push(text.slice(start, i));
        i += match[0].length - 1;
        start = i + 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** "Last, First" and "Last, Jr, First" become "First Last (Jr)"; "First Last" stays as it is. */
function personName(name: string): string {
  const parts = splitTopLevel(name, /^,/);
  const [last, ...rest] = parts.map(latexToText);
  if (rest.length === 0) return last;
  if (rest.length === 1) return `${rest[0]} ${last}`;
  return `${rest[1]} ${last} ${rest[0]}`;
}

export function authorsOf(field: string | undefined): string[] {
  if (!field) return [];
  return splitTopLevel(field, /^\s+and\s+/i).map((name) => (name.toLowerCase() === 'others' ? 'others' : personName(name)));
}

const DOI = /^10\.\d{4,9}\/\S+$/;
const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/;

export function doiOf(fields: Record<string, string>): string {
  const raw = (fields.doi ?? '').trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
  return DOI.test(raw) ? raw : '';
}

export function arxivOf(fields: Record<string, string>): string {
  const prefix = (fields.archiveprefix ?? fields.eprinttype ?? '').toLowerCase();
  const candidates = [
    fields.arxiv,
    prefix === 'arxiv' ? fields.eprint : undefined,
    /arxiv\.org\/(?:abs|pdf)\/([^\s?#]+?)(?:\.pdf)?(?:[?#]|$)/i.exec(fields.url ?? '')?.[1],
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
  };
  const fallbacks = ['journal', 'booktitle', 'howpublished', 'institution', 'school', 'publisher', 'organization'];
  const field = [...(order[type] ?? []), ...fallbacks].find((name) => fields[name]?.trim());
  if (!field) return '';
  let venue = latexToText(fields[field]);
  if (type === 'techreport' && field === 'institution' && fields.number)
    venue += `, ${fields.type ? latexToText(fields.type) : 'Working paper'} ${latexToText(fields.number)}`;
  return venue;
}

/** A first guess staff can change: reports, unpublished work and preprints without a journal are working papers. */
function looksLikeWorkingPaper(type: string, fields: Record<string, string>, arxiv: string, ssrn: string): boolean {
  if (type === 'techreport' || type === 'unpublished') return true;
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
  return {
    cite_key: entry.key,
    entry_type: entry.type,
    title: latexToText(fields.title),
    title_html: latexToHtml(fields.title),
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
  };
}
