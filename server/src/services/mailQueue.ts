import type { FastifyInstance } from 'fastify';

import { formatCalendarDate } from '../../contract/dates';
import type { FollowKind } from '../../contract/followRules';
import { paths } from '../../contract/paths';
import type { Db } from '../db';
import { isoAt, nowIso } from '../db/columns';
import type { FollowAnnouncementRow, MailQueueRow } from '../db/schema';
import { paperKey } from '../publications/facets';
import {
  announcementsReleasedBetween,
  deleteUnconfirmedFollowers,
  findAnnouncements,
  findFollowerById,
  followersOfEachPublication,
  followersWithDigestDue,
  forgetAnnouncements,
  nextDigestAt,
  oldestWaitingAnnouncement,
  publicationsByIds,
  publishedNotesByIds,
  releaseAnnouncements,
  takeDigest,
  talksByIds,
} from '../repositories/followers';
import {
  claimDueMail,
  deleteFinishedMail,
  enqueueMail,
  failAbandoned,
  markFinished,
  markForRetry,
  markSent,
  nextMailDue,
  type QueuedMail,
} from '../repositories/mailQueue';
import { currentContent } from '../repositories/siteContent';
import { deleteUnconfirmedAccounts } from '../repositories/users';
import { type AnnouncedItem, followerMail, type SiteNames } from './followMail';
import type { MailMessage } from './mailer';

/** Mails of one kind one address receives per hour at most, however many senders ask: as many as reset mails (RESET_MAILS_PER_HOUR). */
export const MAILS_PER_ADDRESS_PER_HOUR = 3;
/** An account, or an address given alone, not confirmed within this time is removed. */
const UNCONFIRMED_DAYS = 7;
/** Tries of one message before it is given up: about eight hours of waiting in all. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 4 * 3600_000;
/** Longer than any one SMTP exchange: a message taken this long ago and not finished was abandoned. */
const SENDING_LEASE_MS = 30 * 60_000;
/** Sent and failed messages are kept this long (the dashboard reports the last one). */
const KEPT_DAYS = 30;
const DAY_MS = 24 * 3600_000;
/** Messages taken to send at a time: a claim stays short, and a closing server waits for few. */
const CLAIM_BATCH = 10;
/** SMTP replies that refuse the address itself: trying again would not help. */
const PERMANENT_REPLIES = new Set([550, 551, 553]);

type QueueSite = Pick<FastifyInstance, 'db' | 'config' | 'mailQueue'>;
type SendingSite = Pick<FastifyInstance, 'db' | 'dialect' | 'config' | 'mailer'>;

/** The waiting time before try `attempts + 1`: a minute, doubling, at most four hours. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

/** The site as its mail names it: the owner's name (the site's words), the address readers open, and its own. */
export async function siteNames(site: Pick<FastifyInstance, 'db' | 'config'>): Promise<SiteNames> {
  return { siteName: (await currentContent(site.db)).content.name, publicUrl: site.config.frontendUrl, serverUrl: site.config.publicUrl };
}

/** Queues a message written now (account mail, or a follow request's), ahead of follower mail, and wakes the sender. */
export async function queueMessage(site: QueueSite, kind: 'follow-confirm' | 'account-confirm' | 'register-attempt', message: MailMessage): Promise<void> {
  await enqueueMail(site.db, [{ kind, to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html }], nowIso());
  site.mailQueue.wake();
}

/** The published items behind announcements, in their latest version; those no longer published are left out. */
async function announcedItems(db: Db, publicUrl: string, announcements: FollowAnnouncementRow[]): Promise<Map<number, AnnouncedItem>> {
  const idsOf = (kind: FollowAnnouncementRow['kind']) => announcements.filter((row) => row.kind === kind).map((row) => row.item_id);
  const [notes, papers, talks] = await Promise.all([
    publishedNotesByIds(db, idsOf('note')),
    publicationsByIds(db, idsOf('paper')),
    talksByIds(db, idsOf('talk')),
  ]);
  const items = new Map<number, AnnouncedItem>();
  for (const row of announcements) {
    if (row.kind === 'note') {
      const note = notes.find((candidate) => candidate.id === row.item_id);
      if (note) items.set(row.id, { kind: 'note', title: note.title, url: `${publicUrl}${paths.note(note.slug)}`, lines: note.summary ? [note.summary] : [] });
    } else if (row.kind === 'talk') {
      const talk = talks.find((candidate) => candidate.id === row.item_id);
      if (talk)
        items.set(row.id, {
          kind: 'talk',
          title: talk.title,
          url: `${publicUrl}${paths.talk(talk.id)}`,
          lines: [[talk.event, talk.place, formatCalendarDate(talk.date)].filter(Boolean).join(', ')],
        });
    } else {
      const paper = papers.find((candidate) => candidate.id === row.item_id);
      if (!paper) continue;
      const authors = (JSON.parse(paper.authors) as string[]).join(', ');
      const where = [paper.venue, paper.year ?? ''].filter(Boolean).join(', ');
      items.set(row.id, {
        kind: 'paper',
        title: paper.title,
        url: `${publicUrl}${paths.paper(paperKey(paper.cite_key))}`,
        lines: [[authors, where && `(${where})`].filter(Boolean).join(' ')].filter(Boolean),
      });
    }
  }
  return items;
}

const KIND_OF: Record<FollowAnnouncementRow['kind'], FollowKind> = { paper: 'papers', note: 'notes', talk: 'talks' };

/**
 * Releases the announcements whose delay has passed: each follower who gets every publication is
 * queued one mail listing those of the kinds they follow. An item no longer published is forgotten,
 * so that publishing it again announces it then.
 */
async function releaseDueAnnouncements(site: SendingSite): Promise<void> {
  const now = nowIso();
  const notedBefore = isoAt(Date.now() - site.config.followDelaySeconds * 1000);
  await site.db.transaction().execute(async (trx) => {
    const released = await releaseAnnouncements(trx, notedBefore, now);
    if (released.length === 0) return;
    const items = await announcedItems(trx, site.config.publicUrl, released);
    await forgetAnnouncements(
      trx,
      released.filter((row) => !items.has(row.id)).map((row) => row.id),
    );
    const live = released.filter((row) => items.has(row.id));
    const followers = await followersOfEachPublication(trx);
    const mail: QueuedMail[] = [];
    for (const follower of followers) {
      const theirs = live.filter((row) => follower[KIND_OF[row.kind]] === 1);
      if (theirs.length)
        mail.push({
          kind: 'announcement',
          to_address: follower.email,
          follower_id: follower.id,
          announcements: theirs.map((row) => row.id).join(','),
        });
    }
    for (let start = 0; start < mail.length; start += 100) await enqueueMail(trx, mail.slice(start, start + 100), now);
  });
}

/** Queues the digests that are due: each lists what was announced since the follower's last one, if anything. */
async function queueDueDigests(site: SendingSite): Promise<void> {
  const nowMs = Date.now();
  const now = isoAt(nowMs);
  const next = isoAt(nowMs + site.config.digestIntervalSeconds * 1000);
  for (const follower of await followersWithDigestDue(site.db, now)) {
    if (!follower.next_digest_at || !(await takeDigest(site.db, follower.id, follower.next_digest_at, now, next))) continue;
    const since = follower.digest_since ?? follower.created_at;
    const theirs = (await announcementsReleasedBetween(site.db, since, now)).filter((row) => follower[KIND_OF[row.kind]] === 1);
    if (theirs.length)
      await enqueueMail(
        site.db,
        [{ kind: 'digest', to_address: follower.email, follower_id: follower.id, announcements: theirs.map((row) => row.id).join(',') }],
        now,
      );
  }
}

/** The message a queued row stands for, written now; a reason instead when there is nothing left to send. */
async function messageOf(site: SendingSite, row: MailQueueRow): Promise<MailMessage | { dropped: string }> {
  if (row.kind !== 'announcement' && row.kind !== 'digest') return { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body };
  const follower = row.follower_id === null ? undefined : await findFollowerById(site.db, row.follower_id);
  if (!follower || follower.confirmed_at === null || follower.stopped_at !== null) return { dropped: 'The address stopped following.' };
  const announcements = await findAnnouncements(site.db, row.announcements.split(',').filter(Boolean).map(Number));
  const items = await announcedItems(site.db, site.config.publicUrl, announcements);
  const wanted = announcements.filter((announcement) => items.has(announcement.id) && follower[KIND_OF[announcement.kind]] === 1);
  if (wanted.length === 0) return { dropped: 'Nothing it announced is published and followed any more.' };
  return followerMail(
    await siteNames(site),
    follower,
    wanted.map((announcement) => items.get(announcement.id) as AnnouncedItem),
    row.kind === 'digest',
  );
}

/** What an SMTP failure says, for the dashboard. */
function describe(error: unknown): string {
  const { message, responseCode } = (error ?? {}) as { message?: string; responseCode?: number };
  return (message ?? String(error)).slice(0, 500) || `SMTP error ${responseCode ?? ''}`.trim();
}

/** Sends one claimed message; a failure is tried again later (with a longer wait each time) or given up. */
async function sendClaimed(site: SendingSite, row: MailQueueRow): Promise<void> {
  const message = await messageOf(site, row);
  if ('dropped' in message) return markFinished(site.db, row.id, 'dropped', message.dropped, nowIso());
  try {
    await site.mailer.send({ ...message, fromName: (await siteNames(site)).siteName });
  } catch (error) {
    const permanent = PERMANENT_REPLIES.has(Number((error as { responseCode?: number } | null)?.responseCode));
    if (permanent || row.attempts >= MAX_ATTEMPTS) return markFinished(site.db, row.id, 'failed', describe(error), nowIso());
    return markForRetry(site.db, row.id, describe(error), isoAt(Date.now() + retryDelayMs(row.attempts)));
  }
  await markSent(site.db, row.id, nowIso());
}

/** Removes what was never confirmed, and forgets old sent mail. */
export async function removeUnconfirmed(site: Pick<FastifyInstance, 'db'>): Promise<void> {
  const now = Date.now();
  const before = isoAt(now - UNCONFIRMED_DAYS * DAY_MS);
  await deleteUnconfirmedAccounts(site.db, before);
  await deleteUnconfirmedFollowers(site.db, before);
  await deleteFinishedMail(site.db, isoAt(now - KEPT_DAYS * DAY_MS));
}

/**
 * One round of the background mail work: release announcements and digests that are due, then send
 * what is due at the bounded rate. Answers when the next round is due (a time in ms), if anything waits.
 */
export async function runMailQueue(site: SendingSite): Promise<number | undefined> {
  await failAbandoned(site.db, isoAt(Date.now() - SENDING_LEASE_MS), 'Sending was interrupted; it is not known whether the message went out.', nowIso());
  await releaseDueAnnouncements(site);
  await queueDueDigests(site);
  let roomAt: number | undefined;
  for (;;) {
    const claimed = await claimDueMail(site.db, site.dialect, { now: Date.now(), perMinute: site.config.mailRatePerMinute, max: CLAIM_BATCH });
    for (const row of claimed.rows) await sendClaimed(site, row);
    if (claimed.rows.length === 0) {
      roomAt = claimed.roomAt;
      break;
    }
  }
  const [announcement, digest, mail] = await Promise.all([oldestWaitingAnnouncement(site.db), nextDigestAt(site.db), nextMailDue(site.db)]);
  const times = [
    announcement === undefined ? undefined : Date.parse(announcement) + site.config.followDelaySeconds * 1000,
    digest === undefined ? undefined : Date.parse(digest),
    // Mail that is due but found no room waits for the rate's minute to make room.
    mail === undefined ? undefined : Math.max(Date.parse(mail), roomAt ?? 0),
  ].filter((time): time is number => time !== undefined);
  return times.length ? Math.min(...times) : undefined;
}
