import type { Db } from '../db';
import type { UserRow } from '../db/schema';

/**
 * Writes one line of the staff audit trail. Action names are dotted events,
 * e.g. `document.uploaded`, `user.staff_granted`.
 */
export async function recordAudit(
  db: Db,
  actor: Pick<UserRow, 'id' | 'email'>,
  action: string,
  subject: string,
  details = '',
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at: new Date().toISOString(), actor_id: actor.id, actor_email: actor.email, action, subject, details })
    .execute();
}
