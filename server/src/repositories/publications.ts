import type { Publication } from '../../contract/publications';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { PublicationRow, UserRow } from '../db/schema';
import type { RenderedPublication } from '../publications/render';
import { recordAudit } from './audit';

type Actor = Pick<UserRow, 'id' | 'email'>;

/** Where visitors download a publication's attached paper. */
export const paperPath = (id: number) => `/api/publications/${id}/paper/`;

export function toPublication(row: PublicationRow): Publication {
  return {
    id: row.id,
    cite_key: row.cite_key,
    entry_type: row.entry_type,
    title: row.title,
    title_html: row.title_html,
    authors: JSON.parse(row.authors) as string[],
    venue: row.venue,
    year: row.year,
    doi: row.doi,
    arxiv: row.arxiv,
    ssrn: row.ssrn,
    url: row.url,
    abstract: row.abstract,
    abstract_html: row.abstract_html,
    bibtex: row.bibtex,
    is_working_paper: row.is_working_paper === 1,
    document: row.document_id,
    paper_url: row.document_id === null ? '' : paperPath(row.id),
    position: row.position,
  };
}

/** The columns a BibTeX entry sets; the rest is what staff set by hand. */
export const entryColumns = (entry: RenderedPublication) => ({
  entry_type: entry.entry_type,
  title: entry.title,
  title_html: entry.title_html,
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
});

/** Every publication in the order staff gave them. */
export async function listPublications(db: Db): Promise<PublicationRow[]> {
  return db.selectFrom('publications').selectAll().orderBy('position').orderBy('id').execute();
}

export function findPublication(db: Db, id: number): Promise<PublicationRow | undefined> {
  return db.selectFrom('publications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds entries after the existing ones and rewrites others in place, with one audit line; run in the transaction that planned it. */
export async function writeImport(db: Db, actor: Actor, entries: { added: RenderedPublication[]; updated: { id: number; entry: RenderedPublication }[] }) {
  const at = nowIso();
  const last = await db
    .selectFrom('publications')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirstOrThrow();
  let position = Number(last.position ?? 0);
  for (const { id, entry } of entries.updated)
    await db
      .updateTable('publications')
      .set({ ...entryColumns(entry), updated_at: at })
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
}

export async function updatePublication(db: Db, actor: Actor, row: PublicationRow, change: PublicationChange): Promise<PublicationRow> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('publications')
      .set({
        ...(change.entry ? entryColumns(change.entry) : {}),
        ...(change.isWorkingPaper === undefined ? {} : { is_working_paper: change.isWorkingPaper ? 1 : 0 }),
        ...(change.documentId === undefined ? {} : { document_id: change.documentId }),
        updated_at: nowIso(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const what = [
      change.entry && 'entry',
      change.isWorkingPaper !== undefined && 'working-paper mark',
      change.documentId !== undefined && 'attached paper',
    ].filter(Boolean);
    await recordAudit(trx, actor, 'publication.updated', `publication ${row.id} "${row.cite_key}"`, `Changed ${what.join(', ')}.`);
    return updated;
  });
}

/** False when the publication was gone already. */
export async function deletePublication(db: Db, actor: Actor, row: PublicationRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('publications').where('id', '=', row.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await recordAudit(trx, actor, 'publication.deleted', `publication ${row.id} "${row.cite_key}"`);
    return true;
  });
}

/** Numbers the publications in the order of `ids`, which names each of them once; run in the transaction that checked it. */
export async function setPublicationOrder(db: Db, actor: Actor, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries())
    await db
      .updateTable('publications')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .execute();
  await recordAudit(db, actor, 'publications.reordered', `${ids.length} publications`);
}
