import type { FastifyInstance } from 'fastify';

import type { ImportPlan } from '../../contract/publications';
import { nowIso } from '../db/columns';
import type { PublicationRow, UserRow } from '../db/schema';
import { fieldError, type FieldErrors } from '../errors';
import { linksOf, paperKey, topicsOf } from '../publications/facets';
import type { EntriesRead, RenderedPublication } from '../publications/render';
import { findDocument } from '../repositories/documents';
import { announce } from '../repositories/followers';
import {
  deletePublication,
  entryColumns,
  findPublication,
  listPublications,
  type PublicationChange,
  publicationIdsByCiteKeys,
  setPublicationOrder,
  storedFields,
  updatePublication,
  writeImport,
} from '../repositories/publications';

export const PUBLICATION_MESSAGES = {
  oneEntry: 'Give exactly one BibTeX entry.',
  sameKey: (key: string) => `The citation key must stay "${key}".`,
  noDocument: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  everyId: 'List every publication exactly once.',
  noPaper: 'This publication has no paper attached.',
  citationPending: 'This citation is being prepared. Please try again in a few seconds.',
  sameAddress: (key: string, other: string, address: string) =>
    `Citation keys "${key}" and "${other}" give the same page address (${address}): rename one of them.`,
} as const;

type Site = Pick<FastifyInstance, 'db' | 'changes' | 'work'>;
type Actor = Pick<UserRow, 'id' | 'email'>;

/** The entries of a BibTeX text, read in the worker pool, or the problems that stop it being imported (answered under `bibtex`). */
const readEntries = (site: Pick<Site, 'work'>, bibtex: string): Promise<EntriesRead> =>
  site.work.attempt('bibtex', bibtex, (message) => ({ problems: { bibtex: [message] } }));

const FIELD_LABELS: [keyof ReturnType<typeof entryColumns>, string][] = [
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

/**
 * Two citation keys that would share a paper's page (`Doe:2020` and `doe-2020`), in the text or
 * between it and the publications already there, with the message naming them.
 */
function sharedAddresses(existing: PublicationRow[], entries: RenderedPublication[]): FieldErrors | undefined {
  const byKey = new Map(existing.map((row) => [paperKey(row.cite_key), row.cite_key]));
  const problems: string[] = [];
  for (const entry of entries) {
    const key = paperKey(entry.cite_key);
    const other = byKey.get(key);
    if (other !== undefined && other.toLowerCase() !== entry.cite_key.toLowerCase())
      problems.push(PUBLICATION_MESSAGES.sameAddress(entry.cite_key, other, `/research/${key}`));
    else byKey.set(key, entry.cite_key);
  }
  return problems.length > 0 ? { bibtex: problems } : undefined;
}

/** What staff see changed among the fields only the entry's BibTeX holds (not columns of their own). */
function fieldChanges(row: PublicationRow, entry: RenderedPublication): string[] {
  const before = storedFields(row);
  const differ = (read: (fields: Record<string, string>) => unknown) => JSON.stringify(read(before)) !== JSON.stringify(read(entry.fields));
  return [...(differ(topicsOf) ? ['topics'] : []), ...(differ(linksOf) ? ['links'] : [])];
}

/** The columns the entry would change in the row, by their names in the database. */
function changedColumns(row: PublicationRow, entry: RenderedPublication) {
  const next = entryColumns(entry);
  return (Object.keys(next) as (keyof typeof next)[]).filter((column) => row[column] !== next[column]);
}

/** What importing the entries would add and change, matched by citation key regardless of case. */
function planImport(existing: PublicationRow[], entries: RenderedPublication[]) {
  const byKey = new Map(existing.map((row) => [row.cite_key.toLowerCase(), row]));
  const plan: ImportPlan = { added: [], updated: [], unchanged: [] };
  const writes = { added: [] as RenderedPublication[], updated: [] as { id: number; entry: RenderedPublication }[] };
  for (const entry of entries) {
    const row = byKey.get(entry.cite_key.toLowerCase());
    if (!row) {
      plan.added.push({ cite_key: entry.cite_key, title: entry.title_text });
      writes.added.push(entry);
      continue;
    }
    const changed = changedColumns(row, entry);
    if (changed.length === 0) {
      plan.unchanged.push(entry.cite_key);
      continue;
    }
    const changes = [
      ...FIELD_LABELS.filter(([column]) => changed.includes(column)).map(([, label]) => label),
      ...(changed.includes('fields') ? fieldChanges(row, entry) : []),
    ];
    plan.updated.push({ cite_key: entry.cite_key, title: entry.title_text, changes: changes.length > 0 ? changes : ['formatting'] });
    writes.updated.push({ id: row.id, entry });
  }
  return { plan, writes };
}

/** What importing the text would add and change, changing nothing. */
export async function previewImport(site: Pick<Site, 'db' | 'work'>, bibtex: string): Promise<{ plan: ImportPlan } | { problems: FieldErrors }> {
  const read = await readEntries(site, bibtex);
  if ('problems' in read) return read;
  const existing = await listPublications(site.db);
  const problems = sharedAddresses(existing, read.entries);
  if (problems) return { problems };
  return { plan: planImport(existing, read.entries).plan };
}

/**
 * Adds the text's new entries after the existing ones and updates the others in place, keeping what
 * staff set by hand (order, working-paper mark, attached paper, home-page selection). A text that changes nothing writes nothing.
 */
export async function importPublications(site: Site, actor: Actor, bibtex: string): Promise<{ plan: ImportPlan } | { problems: FieldErrors }> {
  const read = await readEntries(site, bibtex);
  if ('problems' in read) return read;
  const outcome = await site.db.transaction().execute(async (trx) => {
    const existing = await listPublications(trx);
    const problems = sharedAddresses(existing, read.entries);
    if (problems) return { problems };
    const { plan, writes } = planImport(existing, read.entries);
    const wrote = writes.added.length + writes.updated.length > 0;
    if (wrote) {
      await writeImport(trx, actor, writes);
      // Followers hear of the new papers a few minutes later, in the version they have then.
      await announce(
        trx,
        'paper',
        await publicationIdsByCiteKeys(
          trx,
          writes.added.map((entry) => entry.cite_key),
        ),
        nowIso(),
      );
    }
    return { plan, wrote };
  });
  if ('problems' in outcome) return outcome;
  if (outcome.wrote) site.changes.publish('Publication');
  return { plan: outcome.plan };
}

export interface PublicationEdit {
  bibtex?: string;
  isWorkingPaper?: boolean;
  documentId?: number | null;
  selected?: boolean;
}

/**
 * Edits one publication. Its BibTeX must stay one entry with the same citation key; what the edit
 * sets to the value it has already is left alone, and an edit that changes nothing writes nothing.
 */
export async function editPublication(
  site: Site,
  actor: Actor,
  id: number,
  edit: PublicationEdit,
): Promise<{ publication: PublicationRow } | { problems: FieldErrors } | undefined> {
  const row = await findPublication(site.db, id);
  if (!row) return undefined;
  const change: PublicationChange = {};
  if (edit.bibtex !== undefined) {
    const read = await readEntries(site, edit.bibtex);
    if ('problems' in read) return read;
    if (read.entries.length !== 1) return { problems: fieldError('bibtex', PUBLICATION_MESSAGES.oneEntry) };
    const [entry] = read.entries;
    if (entry.cite_key.toLowerCase() !== row.cite_key.toLowerCase()) return { problems: fieldError('bibtex', PUBLICATION_MESSAGES.sameKey(row.cite_key)) };
    if (changedColumns(row, entry).length > 0) change.entry = entry;
  }
  const { documentId, isWorkingPaper, selected } = edit;
  if (documentId !== undefined && documentId !== null && !(await findDocument(site.db, documentId)))
    return { problems: fieldError('document', PUBLICATION_MESSAGES.noDocument(documentId)) };
  if (isWorkingPaper !== undefined && isWorkingPaper !== (row.is_working_paper === 1)) change.isWorkingPaper = isWorkingPaper;
  if (documentId !== undefined && documentId !== row.document_id) change.documentId = documentId;
  if (selected !== undefined && selected !== (row.selected === 1)) change.selected = selected;
  if (Object.keys(change).length === 0) return { publication: row };
  const publication = await updatePublication(site.db, actor, row, change);
  site.changes.publish('Publication');
  return { publication };
}

/**
 * Puts the publications in the given order; false unless the ids are exactly all of them. The order
 * they are in already writes nothing.
 */
export async function reorderPublications(site: Site, actor: Actor, ids: number[]): Promise<boolean> {
  const outcome = await site.db.transaction().execute(async (trx) => {
    const current = (await listPublications(trx)).map((row) => row.id);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) return 'refused';
    if (ids.every((id, index) => id === current[index])) return 'unchanged';
    await setPublicationOrder(trx, actor, ids);
    return 'reordered';
  });
  if (outcome === 'reordered') site.changes.publish('Publication');
  return outcome !== 'refused';
}

/** Deletes one publication; false when there is no such publication. */
export async function removePublication(site: Site, actor: Actor, id: number): Promise<boolean> {
  const row = await findPublication(site.db, id);
  if (!row) return false;
  if (await deletePublication(site.db, actor, row)) site.changes.publish('Publication');
  return true;
}
