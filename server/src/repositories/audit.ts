import type { Selectable } from 'kysely';

import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { Database, UserRow } from '../db/schema';

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

/** The tables whose rows staff delete one at a time. */
type DeletedOneByOne = 'documents' | 'galleries' | 'images';

/** Deletes one row by id with its line of the trail; undefined when there was none. */
export function deleteOneAudited<T extends DeletedOneByOne>(
  db: Db,
  actor: AuditActor,
  table: T,
  id: number,
  line: (row: Selectable<Database[T]>) => [action: string, subject: string],
): Promise<Selectable<Database[T]> | undefined> {
  const remove = (trx: Db) =>
    trx
      .deleteFrom(table as DeletedOneByOne)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  return changeOneAudited(db, actor, remove as (trx: Db) => Promise<Selectable<Database[T]> | undefined>, line);
}

/** One page of the trail, newest first, and how many lines it has in all. */
export async function auditPage(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const { count } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const results = await db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor_email', 'action', 'subject', 'details'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(count), results };
}
