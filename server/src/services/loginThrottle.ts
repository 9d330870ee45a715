import type { Db } from '../db';
import { isoAt } from '../db/columns';

/** Failures allowed before the first lock; each further failure doubles the lock, up to an hour. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_SECONDS = 60;
export const LOCKOUT_MAX_SECONDS = 3600;
/** A day without failures and the count starts again. */
const FAILURE_MEMORY_SECONDS = 24 * 3600;

/**
 * Seconds the address must still wait before trying again, 0 when it may try now. Keyed by the
 * normalized email whether or not an account has it, so a lock tells nothing about accounts.
 */
export async function lockedForSeconds(db: Db, emailNormalized: string): Promise<number> {
  const row = await db.selectFrom('login_throttles').select('locked_until').where('email_normalized', '=', emailNormalized).executeTakeFirst();
  if (!row?.locked_until) return 0;
  return Math.max(0, Math.ceil((Date.parse(row.locked_until) - Date.now()) / 1000));
}

export function lockSeconds(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_SECONDS, LOCKOUT_BASE_SECONDS * 2 ** Math.min(failures - LOCKOUT_THRESHOLD, 16));
}

export async function recordLoginFailure(db: Db, emailNormalized: string): Promise<void> {
  const now = Date.now();
  const forgetBefore = isoAt(now - FAILURE_MEMORY_SECONDS * 1000);
  // Addresses nobody has tried for a day are forgotten, so guessing random emails cannot grow the table.
  await db.deleteFrom('login_throttles').where('last_failure_at', '<', forgetBefore).execute();
  // One statement, so that concurrent failures all count.
  const { failures } = await db
    .insertInto('login_throttles')
    .values({ email_normalized: emailNormalized, failures: 1, last_failure_at: isoAt(now), locked_until: null })
    .onConflict((oc) =>
      oc.column('email_normalized').doUpdateSet((eb) => ({
        failures: eb('login_throttles.failures', '+', 1),
        last_failure_at: isoAt(now),
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const seconds = lockSeconds(failures);
  if (seconds > 0) {
    await db
      .updateTable('login_throttles')
      .set({ locked_until: isoAt(now + seconds * 1000) })
      .where('email_normalized', '=', emailNormalized)
      .execute();
  }
}

export async function clearLoginFailures(db: Db, emailNormalized: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('email_normalized', '=', emailNormalized).execute();
}
