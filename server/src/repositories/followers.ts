import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';

import type { Db } from '../db';
import type { Database, FollowAnnouncementRow, FollowerRow, FollowersTable, NoteRow, PublicationRow, TalkRow } from '../db/schema';
import { mailboxOf } from '../lib/email';

/** A follower who receives mail: confirmed, not stopped, and following at least one kind. */
function receivesMail(eb: ExpressionBuilder<Database, 'followers'>) {
  return eb.and([eb('confirmed_at', 'is not', null), eb('stopped_at', 'is', null), eb.or([eb('papers', '=', 1), eb('notes', '=', 1), eb('talks', '=', 1)])]);
}

export function findFollowerByEmail(db: Db, emailNormalized: string): Promise<FollowerRow | undefined> {
  return db.selectFrom('followers').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

/** Every follower delivered to one mailbox (spellings of one address, accounts' included), oldest first. */
export function findFollowersByMailbox(db: Db, mailbox: string): Promise<FollowerRow[]> {
  return db.selectFrom('followers').selectAll().where('mailbox', '=', mailbox).orderBy('id').execute();
}

export function findFollowerByUser(db: Db, userId: number): Promise<FollowerRow | undefined> {
  return db.selectFrom('followers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findFollowerById(db: Db, id: number): Promise<FollowerRow | undefined> {
  return db.selectFrom('followers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFollowerByUnsubscribeToken(db: Db, token: string): Promise<FollowerRow | undefined> {
  return db.selectFrom('followers').selectAll().where('unsubscribe_token', '=', token).executeTakeFirst();
}

export function findFollowerByConfirmHash(db: Db, hash: string): Promise<FollowerRow | undefined> {
  return db.selectFrom('followers').selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst();
}

/** Adds a follower, with the mailbox of its address. */
export function insertFollower(db: Db, values: Omit<Insertable<FollowersTable>, 'mailbox'>): Promise<FollowerRow> {
  return db
    .insertInto('followers')
    .values({ ...values, mailbox: mailboxOf(values.email) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateFollower(db: Db, id: number, changes: Updateable<FollowersTable>): Promise<FollowerRow | undefined> {
  return db.updateTable('followers').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** How many addresses receive follower mail. */
export async function countFollowers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('followers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(receivesMail)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The followers who get a mail for each publication (not the digest), with what they follow. */
export function followersOfEachPublication(db: Db) {
  return db.selectFrom('followers').select(['id', 'email', 'papers', 'notes', 'talks']).where(receivesMail).where('digest', '=', 0).orderBy('id').execute();
}

/** The followers whose digest is due. */
export function followersWithDigestDue(db: Db, now: string) {
  return db
    .selectFrom('followers')
    .select(['id', 'email', 'papers', 'notes', 'talks', 'digest_since', 'next_digest_at', 'created_at'])
    .where(receivesMail)
    .where('digest', '=', 1)
    .where('next_digest_at', '<=', now)
    .orderBy('id')
    .execute();
}

/**
 * Moves a follower's digest on to its next time, if it is still due at `due`: with several instances
 * on one database, exactly one of them moves it, and that one sends the digest. True for that one.
 */
export async function takeDigest(db: Db, id: number, due: string, now: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('followers')
    .set({ digest_since: now, next_digest_at: next })
    .where('id', '=', id)
    .where('next_digest_at', '=', due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the next digest is due, if any. */
export async function nextDigestAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('followers')
    .select('next_digest_at')
    .where(receivesMail)
    .where('digest', '=', 1)
    .where('next_digest_at', 'is not', null)
    .orderBy('next_digest_at')
    .limit(1)
    .executeTakeFirst();
  return row?.next_digest_at ?? undefined;
}

/** Addresses given alone and never confirmed, from before `before`: their owners did not want the mail. */
export async function deleteUnconfirmedFollowers(db: Db, before: string): Promise<void> {
  await db.deleteFrom('followers').where('user_id', 'is', null).where('confirmed_at', 'is', null).where('created_at', '<', before).execute();
}

/** Notes an item to announce; an item is announced once, however often it is published or corrected. */
export async function announce(db: Db, kind: FollowAnnouncementRow['kind'], itemIds: number[], at: string): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .insertInto('follow_announcements')
    .values(itemIds.map((item_id) => ({ kind, item_id, created_at: at })))
    .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
    .execute();
}

/**
 * Releases the announcements noted before `notedBefore`. One statement: with several instances on one
 * database, each announcement is released by exactly one of them, which queues its mail.
 */
export function releaseAnnouncements(db: Db, notedBefore: string, now: string): Promise<FollowAnnouncementRow[]> {
  return db
    .updateTable('follow_announcements')
    .set({ released_at: now })
    .where('released_at', 'is', null)
    .where('created_at', '<=', notedBefore)
    .returningAll()
    .execute();
}

/** Forgets announcements (of items no longer published: publishing them again announces them anew). */
export async function forgetAnnouncements(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('follow_announcements').where('id', 'in', ids).execute();
}

/** When the oldest announcement waiting to be released was noted, if any. */
export async function oldestWaitingAnnouncement(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('follow_announcements')
    .select('created_at')
    .where('released_at', 'is', null)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** Announcements released after `since` and up to `until`, oldest first: what a digest lists. */
export function announcementsReleasedBetween(db: Db, since: string, until: string): Promise<FollowAnnouncementRow[]> {
  return db
    .selectFrom('follow_announcements')
    .selectAll()
    .where('released_at', '>', since)
    .where('released_at', '<=', until)
    .orderBy('released_at')
    .orderBy('id')
    .execute();
}

export function findAnnouncements(db: Db, ids: number[]): Promise<FollowAnnouncementRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('follow_announcements').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** The announced notes that are published now, in their latest version. */
export function publishedNotesByIds(db: Db, ids: number[]): Promise<NoteRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('notes').selectAll().where('id', 'in', ids).where('status', '=', 'published').execute();
}

/** The announced talks that are still listed. */
export function talksByIds(db: Db, ids: number[]): Promise<TalkRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('talks').selectAll().where('id', 'in', ids).execute();
}

/** The announced papers that are still listed. */
export function publicationsByIds(db: Db, ids: number[]): Promise<PublicationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('publications').selectAll().where('id', 'in', ids).execute();
}
