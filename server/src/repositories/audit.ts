import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';

import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { Database, UserRow } from '../db/schema';
import { findPage, type PageRequest } from './paging';

/** Who did it, in the trail, when an operator acts from the command line. */
export const COMMAND_LINE = { id: null, email: 'command line' };

export type AuditActor = Pick<UserRow, 'id' | 'email'> | typeof COMMAND_LINE;

/**
 * Writes one line of the staff audit trail. Action names are dotted events,
 * e.g. `document.uploaded`, `user.staff_granted`.
 */
export async function recordAudit(db: Db, actor: AuditActor, action: string, subject: string, details = ''): Promise<void> {
  await db.insertInto('audit_log').values({ at: nowIso(), actor_id: actor.id, actor_email: actor.email, action, subject, details }).execute();
}

/**
 * Runs a change of one row and, when there was a row to change, writes its line of the trail in the same
 * transaction, so that the trail never names a change that did not happen (or misses one that did).
 */
export function changeOneAudited<Row>(
  db: Db,
  actor: AuditActor,
  change: (trx: Db) => Promise<Row | undefined>,
  line: (row: Row) => [action: string, subject: string, details?: string],
): Promise<Row | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await change(trx);
    if (row) await recordAudit(trx, actor, ...line(row));
    return row;
  });
}

/** A change's line of the trail, from the row it changed. */
type AuditLine<Row> = (row: Row) => [action: string, subject: string, details?: string];

/** The collections staff write (news, talks, courses): their rows say when they were created and last written. */
type Collection = 'news_items' | 'talks' | 'teaching_courses';
type CollectionRow<T extends Collection> = Selectable<Database[T]>;
/** A collection row's own fields, as a write sets them. */
type CollectionFields<T extends Collection> = Omit<Insertable<Database[T]>, 'id' | 'created_at' | 'updated_at'>;

/** The tables whose rows staff delete one at a time. */
type DeletedOneByOne = 'documents' | 'galleries' | 'images' | Collection;

/** Deletes one row by id, answering it; undefined when there was none. */
function deleteRow<T extends DeletedOneByOne>(trx: Db, table: T, id: number): Promise<Selectable<Database[T]> | undefined> {
  return trx
    .deleteFrom(table as DeletedOneByOne)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** Deletes one row by id with its line of the trail; undefined when there was none. */
export function deleteOneAudited<T extends DeletedOneByOne>(
  db: Db,
  actor: AuditActor,
  table: T,
  id: number,
  line: AuditLine<Selectable<Database[T]>>,
): Promise<Selectable<Database[T]> | undefined> {
  return changeOneAudited(db, actor, (trx) => deleteRow(trx, table, id), line);
}

/**
 * What refers to a document (the publications it is the paper of) or a gallery (its images): emptied
 * before the row goes. The foreign key would empty them too; done here, the count tells whether the
 * lists showing them changed.
 */
const REFERENCES_TO = {
  documents: { table: 'publications', column: 'document_id' },
  galleries: { table: 'images', column: 'gallery_id' },
} as const;

/** Deletes a document's or a gallery's row as deleteOneAudited does, detaching what refers to it first; `detached` counts those. */
export function deleteOneDetaching<T extends keyof typeof REFERENCES_TO>(
  db: Db,
  actor: AuditActor,
  table: T,
  id: number,
  line: AuditLine<Selectable<Database[T]>>,
): Promise<(Selectable<Database[T]> & { detached: number }) | undefined> {
  const { table: referring, column } = REFERENCES_TO[table];
  const remove = async (trx: Db) => {
    const detached = await sql`UPDATE ${sql.table(referring)} SET ${sql.ref(column)} = NULL WHERE ${sql.ref(column)} = ${id}`.execute(trx);
    const row = await deleteRow(trx, table, id);
    return row && { ...row, detached: Number(detached.numAffectedRows) };
  };
  return changeOneAudited(db, actor, remove, line);
}

/**
 * Inserts a row of a collection, dated now, with its line of the trail and what `beside` writes with it
 * (its materials, an announcement), in one transaction.
 */
export function insertOneAudited<T extends Collection>(
  db: Db,
  actor: AuditActor,
  table: T,
  fields: CollectionFields<T>,
  line: AuditLine<CollectionRow<T>>,
  beside?: (trx: Db, row: CollectionRow<T>, at: string) => Promise<void>,
): Promise<CollectionRow<T>> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const values = { ...fields, created_at: at, updated_at: at } as Insertable<Database[Collection]>;
    const row = (await trx
      .insertInto(table as Collection)
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow()) as CollectionRow<T>;
    await beside?.(trx, row, at);
    await recordAudit(trx, actor, ...line(row));
    return row;
  });
}

/** Sets fields of a collection's row, dated now, with its line of the trail and what `beside` writes with it; undefined when the row is gone. */
export function updateOneAudited<T extends Collection>(
  db: Db,
  actor: AuditActor,
  table: T,
  id: number,
  change: Partial<CollectionFields<T>>,
  line: AuditLine<CollectionRow<T>>,
  beside?: (trx: Db) => Promise<void>,
): Promise<CollectionRow<T> | undefined> {
  return changeOneAudited(
    db,
    actor,
    async (trx) => {
      const row = (await trx
        .updateTable(table as Collection)
        .set({ ...change, updated_at: nowIso() } as Updateable<Database[Collection]>)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as CollectionRow<T> | undefined;
      if (row) await beside?.(trx);
      return row;
    },
    line,
  );
}

/** The details of an edit's line: the fields it changed. */
export const changedDetails = (fields: readonly string[]) => `Changed ${fields.join(', ')}.`;

/** One page of the trail, newest first, and how many lines it has in all. */
export function auditPage(db: Db, page: PageRequest) {
  return findPage(db.selectFrom('audit_log'), page, (query) =>
    query.select(['id', 'at', 'actor_email', 'action', 'subject', 'details']).orderBy('at', 'desc').orderBy('id', 'desc'),
  );
}
