import type { ImportPlan, Publication } from '../../contract/publications';
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

const columns = (entry: RenderedPublication) => ({
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

const FIELD_LABELS: [keyof ReturnType<typeof columns>, string][] = [
  ['entry_type', 'type'],
  ['title', 'title'],
  ['authors', 'authors'],
  ['venue', 'venue'],
  ['year', 'year'],
  ['doi', 'DOI'],
  ['arxiv', 'arXiv'],
  ['ssrn', 'SSRN'],
  ['url', 'link'],
  ['abstract', 'abstract'],
];

/** What importing the entries would add and change, matched by citation key regardless of case. */
export async function importPlan(db: Db, entries: RenderedPublication[]): Promise<ImportPlan> {
  const existing = new Map((await listPublications(db)).map((row) => [row.cite_key.toLowerCase(), row]));
  const plan: ImportPlan = { added: [], updated: [], unchanged: [] };
  for (const entry of entries) {
    const row = existing.get(entry.cite_key.toLowerCase());
    if (!row) {
      plan.added.push({ cite_key: entry.cite_key, title: entry.title });
      continue;
    }
    const next = columns(entry);
    const changes = FIELD_LABELS.filter(([column]) => row[column] !== next[column]).map(([, label]) => label);
    if (changes.length === 0 && row.bibtex === entry.bibtex) plan.unchanged.push(entry.cite_key);
    else plan.updated.push({ cite_key: entry.cite_key, title: entry.title, changes: changes.length > 0 ? changes : ['formatting'] });
  }
  return plan;
}

/**
 * Adds new entries after the existing ones and updates the others in place, keeping what staff set
 * by hand (order, working-paper mark, attached paper), in one transaction with its audit line.
 */
export function applyImport(db: Db, actor: Actor, entries: RenderedPublication[]): Promise<ImportPlan> {
  return db.transaction().execute(async (trx) => {
    const plan = await importPlan(trx, entries);
    const existing = new Map((await listPublications(trx)).map((row) => [row.cite_key.toLowerCase(), row]));
    let position = Math.max(0, ...[...existing.values()].map((row) => row.position));
    const at = nowIso();
    for (const entry of entries) {
      const row = existing.get(entry.cite_key.toLowerCase());
      if (row)
        await trx
          .updateTable('publications')
          .set({ ...columns(entry), updated_at: at })
          .where('id', '=', row.id)
          .execute();
      else {
        position += 1;
        await trx
          .insertInto('publications')
          .values({
            ...columns(entry),
            cite_key: entry.cite_key,
            is_working_paper: entry.is_working_paper ? 1 : 0,
            document_id: null,
            position,
            updated_at: at,
          })
          .execute();
      }
    }
    await recordAudit(
      trx,
      actor,
      'publications.imported',
      `${plan.added.length} added, ${plan.updated.length} updated`,
      [...plan.added.map((entry) => entry.cite_key), ...plan.updated.map((entry) => entry.cite_key)].join(', '),
    );
    return plan;
  });
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
        ...(change.entry ? columns(change.entry) : {}),
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

export async function deletePublication(db: Db, actor: Actor, row: PublicationRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('publications').where('id', '=', row.id).execute();
    await recordAudit(trx, actor, 'publication.deleted', `publication ${row.id} "${row.cite_key}"`);
  });
}

/** Puts the publications in the given order; answers false unless the ids are exactly all of them. */
export async function reorderPublications(db: Db, actor: Actor, ids: number[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const all = (await trx.selectFrom('publications').select('id').execute()).map((row) => row.id);
    if (ids.length !== all.length || new Set(ids).size !== ids.length || !ids.every((id) => all.includes(id))) return false;
    for (const [index, id] of ids.entries())
      await trx
        .updateTable('publications')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    await recordAudit(trx, actor, 'publications.reordered', `${ids.length} publications`);
    return true;
  });
}
