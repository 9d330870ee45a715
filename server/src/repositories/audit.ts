import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { UserRow } from '../db/schema';

/** Who did it, in the trail, when an operator acts from the command line. */
export const COMMAND_LINE = { id: null, email: 'command line' };

/**
 * Writes one line of the staff audit trail. Action names are dotted events,
 * e.g. `document.uploaded`, `user.staff_granted`.
 */
export async function recordAudit(
  db: Db,
  actor: Pick<UserRow, 'id' | 'email'> | typeof COMMAND_LINE,
  action: string,
  subject: string,
  details = '',
): Promise<void> {
  await db.insertInto('audit_log').values({ at: nowIso(), actor_id: actor.id, actor_email: actor.email, action, subject, details }).execute();
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
