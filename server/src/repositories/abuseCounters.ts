import { type RawBuilder, sql } from 'kysely';

import type { Db } from '../db';
import { isoAt } from '../db/columns';

/** What is counted: the scope, its subject (e.g. a normalized email) and, when counted per client, the address. */
export interface CounterKey {
  scope: string;
  subject: string;
  address?: string;
}

/** Allowed and counted, or refused (not counted) for `retryAfter` more seconds. */
export type CountResult = { allowed: true } | { allowed: false; retryAfter: number };

const ref = (column: 'count' | 'expires_at' | 'locked_until') => sql.ref(`abuse_counters.${column}`);

function keyValues(key: CounterKey) {
  return { scope: key.scope, subject: key.subject.slice(0, 254), address: (key.address ?? '').slice(0, 64) };
}

async function refusedFor(db: Db, key: CounterKey, column: 'expires_at' | 'locked_until'): Promise<CountResult> {
  const { scope, subject, address } = keyValues(key);
  const row = await db
    .selectFrom('abuse_counters')
    .select(column)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('address', '=', address)
    .executeTakeFirst();
  const until = row?.[column];
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(((until ? Date.parse(until) : 0) - Date.now()) / 1000)) };
}

/**
 * Counts one attempt in a window of `windowSeconds` that starts with the first attempt; once `limit`
 * attempts are counted the next ones are refused until the window ends. One statement, so that
 * concurrent attempts (and several instances on one database) never count past the limit.
 */
export async function countInWindow(db: Db, key: CounterKey, limit: number, windowSeconds: number): Promise<CountResult> {
  const now = isoAt(Date.now());
  const windowEnd = isoAt(Date.now() + windowSeconds * 1000);
  const expired = sql<boolean>`${ref('expires_at')} <= ${now}`;
  const counted = await db
    .insertInto('abuse_counters')
    .values({ ...keyValues(key), count: 1, expires_at: windowEnd, locked_until: null })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'subject', 'address'])
        .doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else ${ref('count')} + 1 end`,
          expires_at: sql<string>`case when ${expired} then ${windowEnd} else ${ref('expires_at')} end`,
        })
        .where(sql<boolean>`${expired} or ${ref('count')} < ${limit}`),
    )
    .returning('count')
    .executeTakeFirst();
  return counted ? { allowed: true } : refusedFor(db, key, 'expires_at');
}

/**
 * Counts one attempt towards a lock: refused while locked; otherwise counted, and the attempt that
 * brings the count to a locking level sets the lock in the same statement, so that of any number
 * of concurrent attempts only those below the lock get through. The count is forgotten
 * `memorySeconds` after the last attempt.
 */
export async function countTowardsLock(db: Db, key: CounterKey, lockSeconds: (count: number) => number, memorySeconds: number): Promise<CountResult> {
  const nowMs = Date.now();
  const now = isoAt(nowMs);
  await db
    .deleteFrom('abuse_counters')
    .where('expires_at', '<', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
  const newCount = sql<number>`(case when ${ref('expires_at')} <= ${now} then 1 else ${ref('count')} + 1 end)`;
  const lockAt = (seconds: number) => (seconds > 0 ? isoAt(nowMs + seconds * 1000) : null);
  // The lock for each count, spelled out as a CASE: the same SQL on SQLite and PostgreSQL.
  const ladder: RawBuilder<unknown>[] = [];
  let count = 1;
  for (; count < 64 && lockSeconds(count) !== lockSeconds(count + 64); count += 1) {
    ladder.push(sql`when ${newCount} = ${count} then ${lockAt(lockSeconds(count))}`);
  }
  const lockedUntil = sql<string | null>`case ${sql.join(ladder, sql` `)} else ${lockAt(lockSeconds(count))} end`;
  const counted = await db
    .insertInto('abuse_counters')
    .values({ ...keyValues(key), count: 1, expires_at: isoAt(nowMs + memorySeconds * 1000), locked_until: lockAt(lockSeconds(1)) })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'subject', 'address'])
        .doUpdateSet({ count: newCount, expires_at: isoAt(nowMs + memorySeconds * 1000), locked_until: lockedUntil })
        .where(sql<boolean>`${ref('locked_until')} is null or ${ref('locked_until')} <= ${now}`),
    )
    .returning('count')
    .executeTakeFirst();
  return counted ? { allowed: true } : refusedFor(db, key, 'locked_until');
}

/** Takes back one counted attempt that turned out legitimate, leaving everyone else's in place. */
export async function uncount(db: Db, key: CounterKey): Promise<void> {
  const { scope, subject, address } = keyValues(key);
  await db
    .updateTable('abuse_counters')
    .set({ count: sql<number>`${ref('count')} - 1` })
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('address', '=', address)
    .where('count', '>', 0)
    .execute();
}

/** Forgets counters of these scopes for a subject: every address's, or one address's when given. */
export async function forgetCounters(db: Db, scopes: string[], subject: string, address?: string): Promise<void> {
  let query = db.deleteFrom('abuse_counters').where('scope', 'in', scopes).where('subject', '=', subject.slice(0, 254));
  if (address !== undefined) query = query.where('address', '=', address.slice(0, 64));
  await query.execute();
}
