import { type Insertable, sql } from 'kysely';

import type { Db, Dialect } from '../db';
import { isoAt } from '../db/columns';
import type { MailQueueRow, MailQueueTable } from '../db/schema';

/**
 * Held while an instance of the site on PostgreSQL counts the last minute's sending and claims mail, so
 * that instances claiming at the same moment cannot both see room under the rate. Any number unused
 * elsewhere will do (the site lock in backup/siteLock.ts is another).
 */
const CLAIM_LOCK = '4630119702';
const MINUTE_MS = 60_000;

/**
 * The order messages are sent in, lower first. Account mail comes first: someone waits at the screen
 * for the link, and only an account's own address gets it. Then what a follow request by address alone
 * asks for: its visitor waits too, but anyone can ask for any address, so these never hold up an
 * account's mail. Follower mail (announcements, digests) last: nobody waits for it.
 */
export const MAIL_PRIORITY: Record<MailQueueTable['kind'], number> = {
  'account-confirm': 0,
  'register-attempt': 0,
  'follow-confirm': 1,
  announcement: 2,
  digest: 2,
};
const ACCOUNT_PRIORITY = 0;
/**
 * The share of each minute's rate that only account mail may use: with the rest of the minute taken by
 * confirmations and announcements, a new account's link still leaves at once.
 */
const ACCOUNT_SHARE = 0.1;

export type QueuedMail = Omit<Insertable<MailQueueTable>, 'state' | 'next_attempt_at' | 'created_at' | 'priority'>;

/** Adds messages to the queue, due at once, each in its kind's place in the order. */
export async function enqueueMail(db: Db, mail: QueuedMail[], at: string): Promise<void> {
  if (mail.length === 0) return;
  await db
    .insertInto('mail_queue')
    .values(mail.map((row) => ({ ...row, priority: MAIL_PRIORITY[row.kind], state: 'pending' as const, next_attempt_at: at, created_at: at })))
    .execute();
}

/**
 * Takes up to `max` due messages to send, in the order of MAIL_PRIORITY, and no more than the rate
 * leaves room for: messages taken in the last minute, by any instance, count against `perMinute`, of
 * which the last tenth (ACCOUNT_SHARE) is account mail's alone. In one transaction, which on PostgreSQL
 * holds a lock while it counts, and selects the rows FOR UPDATE SKIP LOCKED: each message is taken by
 * one instance only. When the minute is full, answers when it has room again.
 */
export async function claimDueMail(
  db: Db,
  dialect: Dialect,
  { now, perMinute, max }: { now: number; perMinute: number; max: number },
): Promise<{ rows: MailQueueRow[]; roomAt?: number }> {
  const at = isoAt(now);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    const recent = await trx
      .selectFrom('mail_queue')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('claimed_at').as('oldest')])
      .where('claimed_at', '>', isoAt(now - MINUTE_MS))
      .executeTakeFirstOrThrow();
    const room = perMinute - Number(recent.count);
    const roomAt = Date.parse(String(recent.oldest)) + MINUTE_MS;
    if (room <= 0) return { rows: [], roomAt };
    const roomForOthers = room - Math.floor(perMinute * ACCOUNT_SHARE);
    // Selected first, then updated: PostgreSQL may run a LIMIT inside UPDATE … WHERE id IN (…) more than once, taking more rows.
    const selected = await trx
      .selectFrom('mail_queue')
      .select(['id', 'priority'])
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .orderBy('priority')
      .orderBy('id')
      .limit(Math.min(room, max))
      .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked())
      .execute();
    const accountMail = selected.filter((row) => row.priority === ACCOUNT_PRIORITY);
    const due = [...accountMail, ...selected.filter((row) => row.priority !== ACCOUNT_PRIORITY).slice(0, Math.max(0, roomForOthers - accountMail.length))];
    // Other mail waiting for the room kept for account mail waits for the minute to move on.
    if (due.length === 0) return selected.length ? { rows: [], roomAt } : { rows: [] };
    const rows = await trx
      .updateTable('mail_queue')
      .set((eb) => ({ state: 'sending', claimed_at: at, attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .where('state', '=', 'pending')
      .returningAll()
      .execute();
    return { rows: rows.sort((a, b) => a.priority - b.priority || a.id - b.id) };
  });
}

/** Sent: what the message said (links with tokens included) is not kept. */
export async function markSent(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('mail_queue').set({ state: 'sent', finished_at: at, last_error: '', text_body: '', html_body: '' }).where('id', '=', id).execute();
}

/** Not sent this time; tried again at `retryAt`. */
export async function markForRetry(db: Db, id: number, error: string, retryAt: string): Promise<void> {
  await db.updateTable('mail_queue').set({ state: 'pending', last_error: error, next_attempt_at: retryAt }).where('id', '=', id).execute();
}

/** Given up: failed for good, or (dropped) nothing left to send. */
export async function markFinished(db: Db, id: number, state: 'failed' | 'dropped', reason: string, at: string): Promise<void> {
  await db.updateTable('mail_queue').set({ state, last_error: reason, finished_at: at, text_body: '', html_body: '' }).where('id', '=', id).execute();
}

/**
 * Messages an instance took to send and never finished (it stopped in the middle): whether they went
 * out is unknown, and sending them again could send them twice, so they are marked failed.
 */
export async function failAbandoned(db: Db, claimedBefore: string, reason: string, at: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ state: 'failed', last_error: reason, finished_at: at })
    .where('state', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .execute();
}

/** When the next waiting message is due, if any. */
export async function nextMailDue(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('mail_queue').select('next_attempt_at').where('state', '=', 'pending').orderBy('next_attempt_at').limit(1).executeTakeFirst();
  return row?.next_attempt_at;
}

/** Messages not sent yet (waiting, or being sent): all of them, and the account mail among them. */
export async function countWaitingMail(db: Db): Promise<{ all: number; account: number }> {
  const byPriority = await db
    .selectFrom('mail_queue')
    .select((eb) => ['priority', eb.fn.countAll<number>().as('count')])
    .where('state', 'in', ['pending', 'sending'])
    .groupBy('priority')
    .execute();
  const count = (rows: typeof byPriority) => rows.reduce((sum, row) => sum + Number(row.count), 0);
  return { all: count(byPriority), account: count(byPriority.filter((row) => row.priority === ACCOUNT_PRIORITY)) };
}

/** The message most recently tried (sent, failed, or waiting to be tried again). */
export function lastAttempt(db: Db): Promise<Pick<MailQueueRow, 'state' | 'claimed_at' | 'finished_at' | 'last_error'> | undefined> {
  return db
    .selectFrom('mail_queue')
    .select(['state', 'claimed_at', 'finished_at', 'last_error'])
    .where('state', 'in', ['sent', 'failed', 'pending'])
    .where('claimed_at', 'is not', null)
    .orderBy('claimed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Forgets messages finished before `before`. */
export async function deleteFinishedMail(db: Db, before: string): Promise<void> {
  await db.deleteFrom('mail_queue').where('state', 'in', ['sent', 'failed', 'dropped']).where('finished_at', '<', before).execute();
}
