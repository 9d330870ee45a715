import { sql } from 'kysely';

import type { Citations, ListedPublication, Publication, PublicationCore, SelectedPaper } from '../../contract/publications';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { PublicationRow } from '../db/schema';
import { parseBibtex } from '../publications/bibtex';
import { kindOf, linksOf, paperKey, topicsOf } from '../publications/facets';
import type { RenderedPublication } from '../publications/render';
import { type AuditActor, recordAudit } from './audit';

/**
 * Where visitors and crawlers fetch a publication's attached paper: beside its page, named for its
 * type (`paper.pdf`, `paper.docx`); a list that does not know the type names a PDF, which redirects.
 */
export const paperPath = (citeKey: string, extension = 'pdf') => `/research/${paperKey(citeKey)}/paper.${extension}`;

/**
 * The entry's fields, macros expanded. A row imported before they were kept is read from its source,
 * which holds them all unless it used @string macros defined elsewhere in its file: then from its columns.
 */
export function storedFields(row: Pick<PublicationRow, 'fields' | 'bibtex' | 'title' | 'authors' | 'year'>): Record<string, string> {
  const fields = JSON.parse(row.fields) as Record<string, string>;
  if (Object.keys(fields).length > 0) return fields;
  const parsed = parseBibtex(row.bibtex);
  if (parsed.ok) return parsed.entries[0].fields;
  return { title: row.title, author: (JSON.parse(row.authors) as string[]).join(' and '), ...(row.year === null ? {} : { year: String(row.year) }) };
}

/** A publication's row as lists read it: without its abstract and citations, and whether it has an abstract (1 or 0). */
export type ListedPublicationRow = Omit<PublicationRow, 'abstract' | 'abstract_html' | 'citations'> & { has_abstract: number };

/** What a publication is wherever it is shown (see PublicationCore). */
function publicationCore(row: Omit<PublicationRow, 'abstract' | 'abstract_html' | 'citations'>): PublicationCore {
  const fields = storedFields(row);
  const isWorkingPaper = row.is_working_paper === 1;
  return {
    id: row.id,
    cite_key: row.cite_key,
    key: paperKey(row.cite_key),
    entry_type: row.entry_type,
    kind: kindOf(row.entry_type, isWorkingPaper),
    title: row.title,
    title_text: row.title_text,
    title_html: row.title_html,
    authors: JSON.parse(row.authors) as string[],
    venue: row.venue,
    year: row.year,
    doi: row.doi,
    arxiv: row.arxiv,
    ssrn: row.ssrn,
    url: row.url,
    bibtex: row.bibtex,
    is_working_paper: isWorkingPaper,
    document: row.document_id,
    paper_url: row.document_id === null ? '' : paperPath(row.cite_key),
    topics: topicsOf(fields),
    links: linksOf(fields),
    selected: row.selected === 1,
    position: row.position,
    updated_at: row.updated_at,
  };
}

export const toPublication = (row: PublicationRow): Publication => ({ ...publicationCore(row), abstract: row.abstract, abstract_html: row.abstract_html });

/** A publication as the list gives it (see ListedPublicationSchema). */
export const toListedPublication = (row: ListedPublicationRow | PublicationRow): ListedPublication => ({
  ...publicationCore(row),
  has_abstract: 'has_abstract' in row ? row.has_abstract === 1 : row.abstract_html !== '',
});

export const toSelectedPaper = (row: ListedPublicationRow): SelectedPaper => ({
  id: row.id,
  key: paperKey(row.cite_key),
  title_html: row.title_html,
  title_text: row.title_text,
  authors: JSON.parse(row.authors) as string[],
  venue: row.venue,
  year: row.year,
});

/** The columns a BibTeX entry sets; the rest is what staff set by hand. */
export const entryColumns = (entry: RenderedPublication) => ({
  entry_type: entry.entry_type,
  title: entry.title,
  title_html: entry.title_html,
  title_text: entry.title_text,
  authors: JSON.stringify(entry.authors),
  venue: entry.venue,
  year: entry.year,
  doi: entry.doi,
  arxiv: entry.arxiv,
  ssrn: entry.ssrn,
  url: entry.url,
  abstract: entry.abstract,
  abstract_html: entry.abstract_html,
  bibtex: entry.bibtex,
  fields: JSON.stringify(entry.fields),
});

/**
 * Publications as visitors see them: newest year first, undated last, and within a year in the
 * order staff gave them (their positions run across years, but only the order within a year shows).
 */
const inListOrder = (db: Db) =>
  db
    .selectFrom('publications')
    .orderBy('year', (order) => order.desc().nullsLast())
    .orderBy('position')
    .orderBy('id');

/** Every column but the abstract and the citations, which lists leave out (a third of a paper's row, or more). */
const LISTED_COLUMNS = [
  'id',
  'cite_key',
  'entry_type',
  'title',
  'title_text',
  'title_html',
  'authors',
  'venue',
  'year',
  'doi',
  'arxiv',
  'ssrn',
  'url',
  'bibtex',
  'is_working_paper',
  'document_id',
  'position',
  'updated_at',
  'fields',
  'selected',
] as const;
const hasAbstract = sql<number>`case when abstract_html = '' then 0 else 1 end`.as('has_abstract');

/** Whole rows, for the writes that compare them with entries. */
export async function listPublications(db: Db): Promise<PublicationRow[]> {
  return inListOrder(db).selectAll().execute();
}

/** The rows the list of publications shows. */
export async function listListedPublications(db: Db): Promise<ListedPublicationRow[]> {
  return inListOrder(db)
    .select([...LISTED_COLUMNS, hasAbstract])
    .execute();
}

/** The publications staff chose for the home page, in the list's order. */
export async function listSelectedPublications(db: Db): Promise<ListedPublicationRow[]> {
  return inListOrder(db)
    .select([...LISTED_COLUMNS, hasAbstract])
    .where('selected', '=', 1)
    .execute();
}

export function findPublication(db: Db, id: number): Promise<PublicationRow | undefined> {
  return db.selectFrom('publications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The publication whose page has the key, in any case. Page keys are made from citation keys, so every key is read. */
export async function findPublicationByKey(db: Db, key: string): Promise<PublicationRow | undefined> {
  const wanted = key.toLowerCase();
  const keys = await db.selectFrom('publications').select(['id', 'cite_key']).execute();
  const found = keys.find((row) => paperKey(row.cite_key) === wanted);
  return found && findPublication(db, found.id);
}

/** Adds entries after the existing ones and rewrites others in place, with one audit line; run in the transaction that planned it. */
export async function writeImport(db: Db, actor: AuditActor, entries: { added: RenderedPublication[]; updated: { id: number; entry: RenderedPublication }[] }) {
  const at = nowIso();
  const last = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirstOrThrow();
  let position = Number(last.position ?? 0);
  for (const { id, entry } of entries.updated)
    await db
      .updateTable('publications')
      .set({ ...entryColumns(entry), citations: null, updated_at: at })
      .where('id', '=', id)
      .execute();
  for (const entry of entries.added) {
    position += 1;
    await db
      .insertInto('publications')
      .values({
        ...entryColumns(entry),
        cite_key: entry.cite_key,
        is_working_paper: entry.is_working_paper ? 1 : 0,
        document_id: null,
        position,
        updated_at: at,
      })
      .execute();
  }
  const keys = [...entries.added, ...entries.updated.map(({ entry }) => entry)].map((entry) => entry.cite_key);
  await recordAudit(db, actor, 'publications.imported', `${entries.added.length} added, ${entries.updated.length} updated`, keys.join(', '));
}

export interface PublicationChange {
  entry?: RenderedPublication;
  isWorkingPaper?: boolean;
  documentId?: number | null;
  selected?: boolean;
}

export async function updatePublication(db: Db, actor: AuditActor, row: PublicationRow, change: PublicationChange): Promise<PublicationRow> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('publications')
      .set({
        ...(change.entry ? { ...entryColumns(change.entry), citations: null } : {}),
        ...(change.isWorkingPaper === undefined ? {} : { is_working_paper: change.isWorkingPaper ? 1 : 0 }),
        ...(change.documentId === undefined ? {} : { document_id: change.documentId }),
        ...(change.selected === undefined ? {} : { selected: change.selected ? 1 : 0 }),
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const what = [
      change.entry && 'entry',
      change.isWorkingPaper !== undefined && 'working-paper mark',
      change.documentId !== undefined && 'attached paper',
      change.selected !== undefined && 'home-page selection',
    ].filter(Boolean);
    await recordAudit(trx, actor, 'publication.updated', `publication ${row.id} "${row.cite_key}"`, `Changed ${what.join(', ')}.`);
    return updated;
  });
}

/** False when the publication was gone already. */
export async function deletePublication(db: Db, actor: AuditActor, row: PublicationRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('publications').where('id', '=', row.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await recordAudit(trx, actor, 'publication.deleted', `publication ${row.id} "${row.cite_key}"`);
    return true;
  });
}

/** Numbers the publications in the order of `ids`, which names each of them once; run in the transaction that checked it. */
export async function setPublicationOrder(db: Db, actor: AuditActor, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries())
    await db
      .updateTable('publications')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  await recordAudit(db, actor, 'publications.reordered', `${ids.length} publications`);
}

/** The ids of the publications with these citation keys (as imported). */
export async function publicationIdsByCiteKeys(db: Db, keys: string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom('publications').select('id').where('cite_key', 'in', keys).execute();
  return rows.map((row) => row.id);
}

/**
 * The version of the citations' formatting, stored with them: citations an earlier one stored are
 * formatted again (2: a title's formulas keep their letters' case and their superscripts).
 */
const CITATIONS_FORMAT = 2;
/** How stored citations start (JSON.stringify writes the version first). */
const STORED_CITATIONS = `{"format":${CITATIONS_FORMAT},`;

/** Papers whose citations a change left unformatted, or an earlier formatting made, a few at a time, in order of id after `afterId`. */
export function publicationsWithoutCitations(db: Db, afterId: number, limit: number): Promise<PublicationRow[]> {
  return db
    .selectFrom('publications')
    .selectAll()
    .where((eb) => eb.or([eb('citations', 'is', null), eb('citations', 'not like', `${STORED_CITATIONS}%`)]))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The paper's stored citations (without their version), when the current formatting made them. */
export function storedCitations(row: PublicationRow): unknown {
  if (!row.citations?.startsWith(STORED_CITATIONS)) return undefined;
  const { format: _format, ...citations } = JSON.parse(row.citations) as Record<string, unknown>;
  return citations;
}

/** Stores a paper's formatted citations, unless its entry changed meanwhile (they would be the old entry's); answers whether it did. */
export async function storeCitations(db: Db, row: PublicationRow, citations: Citations): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('publications')
    .set({ citations: JSON.stringify({ format: CITATIONS_FORMAT, ...citations }) })
    .where('id', '=', row.id)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}
