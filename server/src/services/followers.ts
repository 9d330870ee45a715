import crypto from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import {
  FOLLOW_KINDS,
  FOLLOW_MESSAGES,
  type FollowChoices,
  type FollowChoicesInput,
  type FollowKind,
  type FollowStatus,
  type Unsubscribed,
} from '../../contract/follow';
import { isoAt, nowIso } from '../db/columns';
import { isUniqueViolation } from '../db/errors';
import type { FollowerRow, UserRow } from '../db/schema';
import type { FieldErrors } from '../errors';
import { cleanEmail, isValidEmail, mailboxOf, normalizeEmail } from '../lib/email';
import { randomText } from '../lib/randomText';
import { countInWindow, uncount } from '../repositories/abuseCounters';
import {
  countFollowers,
  findFollowerByConfirmHash,
  findFollowerByEmail,
  findFollowerByUnsubscribeToken,
  findFollowerByUser,
  findFollowersByMailbox,
  insertFollower,
  updateFollower,
} from '../repositories/followers';
import { countWaitingMail, lastAttempt } from '../repositories/mailQueue';
import { alreadyFollowingMail, followConfirmMail } from './followMail';
import { MAILS_PER_ADDRESS_PER_HOUR, queueMessage, siteNames } from './mailQueue';

type Site = Pick<FastifyInstance, 'db' | 'config' | 'mailQueue'>;

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => randomText(32, 'base64url');

const chosenKinds = (row: Pick<FollowerRow, FollowKind>): FollowKind[] => FOLLOW_KINDS.filter((kind) => row[kind] === 1);

/** Whether the follower is sent mail now. */
const receivesMail = (row: FollowerRow): boolean => row.confirmed_at !== null && row.stopped_at === null && chosenKinds(row).length > 0;

/** Follow requests by address alone one client address makes in an hour at most: a visitor makes one or two. */
export const FOLLOW_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
const HOUR_SECONDS = 3600;
/** The count of mail that follow requests had sent, from all clients and instances together. */
const ALL_FOLLOW_MAIL = { scope: 'follow-all', subject: '' };

/**
 * Someone asks to follow with an address alone. Anyone can, for any address, so what it sends is
 * limited three ways, in the database (several instances count together): requests per client address
 * and mail from all requests in an hour (FOLLOW_CONFIRMATIONS_PER_HOUR), both refused with the seconds
 * to wait, and mail to one mailbox (spellings such as `ada+x@` are one), past which nothing is sent.
 * Otherwise the answer is the same whatever the address's state, so that it tells nobody who follows:
 * the address gets a link to confirm (or, following already, a note saying so) and nothing else until
 * it is confirmed.
 */
export async function requestFollow(
  site: Site,
  emailInput: string,
  clientAddress: string,
): Promise<{ problems: FieldErrors } | { requested: true } | { retryAfter: number }> {
  const email = cleanEmail(emailInput);
  if (!isValidEmail(email)) return { problems: { email: [FOLLOW_MESSAGES.invalidEmail] } };
  const fromClient = await countInWindow(
    site.db,
    { scope: 'follow-request', subject: '', address: clientAddress },
    FOLLOW_REQUESTS_PER_ADDRESS_PER_HOUR,
    HOUR_SECONDS,
  );
  if (!fromClient.allowed) return { retryAfter: fromClient.retryAfter };
  // Counted whatever the address's state, before it is looked at: a refusal tells nothing about it.
  const fromAll = await countInWindow(site.db, ALL_FOLLOW_MAIL, site.config.followConfirmationsPerHour, HOUR_SECONDS);
  if (!fromAll.allowed) return { retryAfter: fromAll.retryAfter };
  const normalized = normalizeEmail(email);
  const mailbox = mailboxOf(email);
  const toMailbox = await countInWindow(site.db, { scope: 'follow-mail', subject: mailbox }, MAILS_PER_ADDRESS_PER_HOUR, HOUR_SECONDS);
  if (!toMailbox.allowed) {
    // Nothing is sent: the hour's count is of mail.
    await uncount(site.db, ALL_FOLLOW_MAIL);
    return { requested: true };
  }
  const names = await siteNames(site);
  const ofMailbox = await findFollowersByMailbox(site.db, mailbox);
  const following = ofMailbox.find(receivesMail);
  if (following) {
    await queueMessage(site, 'follow-confirm', alreadyFollowingMail(names, following.email, following.unsubscribe_token));
    return { requested: true };
  }
  // This spelling's own row, else the one another spelling left waiting for its confirmation, which
  // takes this spelling: one mailbox waits for one link.
  const existing = ofMailbox.find((row) => row.email_normalized === normalized) ?? ofMailbox.find((row) => row.user_id === null);
  const token = newToken();
  const at = nowIso();
  try {
    if (existing) {
      const spelling = existing.user_id === null ? { email, email_normalized: normalized } : {};
      await updateFollower(site.db, existing.id, { ...spelling, confirm_token_hash: sha256(token), updated_at: at });
    } else
      await insertFollower(site.db, {
        email,
        email_normalized: normalized,
        confirm_token_hash: sha256(token),
        unsubscribe_token: newToken(),
        created_at: at,
        updated_at: at,
      });
  } catch (error) {
    // The same address asked twice at once: the first request's link stands.
    if (isUniqueViolation(error)) return { requested: true };
    throw error;
  }
  await queueMessage(site, 'follow-confirm', followConfirmMail(names, email, token));
  return { requested: true };
}

/** The emailed link confirms the address: it follows from now on (everything, unless an account chose otherwise). */
export async function confirmFollow(site: Site, token: string): Promise<FollowerRow | undefined> {
  const row = await findFollowerByConfirmHash(site.db, sha256(token));
  if (!row) return undefined;
  const at = nowIso();
  const everything = chosenKinds(row).length === 0 ? { papers: 1, notes: 1, talks: 1 } : {};
  return updateFollower(site.db, row.id, { ...everything, confirmed_at: row.confirmed_at ?? at, stopped_at: null, updated_at: at });
}

const KIND_WORDS: Record<FollowKind, string> = { papers: 'papers', notes: 'notes', talks: 'talks' };

/** "new papers, notes and talks". */
function newKinds(kinds: FollowKind[]): string {
  const words = kinds.map((kind) => KIND_WORDS[kind]);
  if (words.length === 0) return 'new publications';
  return `new ${words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`}`;
}

/**
 * The unsubscribe link (a click, or a mail provider's one-click POST): the address gets no more
 * follower mail. Undefined for an unknown link. Stopping twice answers the same.
 */
export async function unsubscribe(site: Site, token: string): Promise<Unsubscribed | undefined> {
  const row = await findFollowerByUnsubscribeToken(site.db, token);
  if (!row) return undefined;
  // The address's earlier confirmation link must not start the mail again.
  if (row.stopped_at === null) await updateFollower(site.db, row.id, { stopped_at: nowIso(), confirm_token_hash: null, updated_at: nowIso() });
  const { siteName } = await siteNames(site);
  const kinds = chosenKinds(row);
  const digest = row.digest === 1;
  const what = digest ? `digests of ${newKinds(kinds)}` : `emails about ${newKinds(kinds)}`;
  return { detail: `${row.email} will get no more ${what} from ${siteName}.`, email: row.email, kinds, digest };
}

const nothingChosen = { papers: false, notes: false, talks: false, digest: false };

/** What a signed-in account follows. */
export async function followChoices(site: Site, user: UserRow): Promise<FollowChoices> {
  const row = await findFollowerByUser(site.db, user.id);
  const emailConfirmed = user.email_confirmed_at !== null;
  if (!row || !receivesMail(row)) return { ...nothingChosen, email_confirmed: emailConfirmed, following: false };
  return {
    papers: row.papers === 1,
    notes: row.notes === 1,
    talks: row.talks === 1,
    digest: row.digest === 1,
    email_confirmed: emailConfirmed,
    following: true,
  };
}

/**
 * A signed-in account chooses what it follows (nothing: it stops). Only once its address is confirmed;
 * an address that followed alone becomes the account's.
 */
export async function saveFollowChoices(site: Site, user: UserRow, input: FollowChoicesInput): Promise<FollowChoices | 'unconfirmed'> {
  if (user.email_confirmed_at === null) return 'unconfirmed';
  const now = Date.now();
  const at = isoAt(now);
  const following = FOLLOW_KINDS.some((kind) => input[kind]);
  const existing = (await findFollowerByUser(site.db, user.id)) ?? (await findFollowerByEmail(site.db, user.email_normalized));
  const startsDigest = input.digest && following && !(existing && receivesMail(existing) && existing.digest === 1);
  const values = {
    user_id: user.id,
    papers: input.papers ? 1 : 0,
    notes: input.notes ? 1 : 0,
    talks: input.talks ? 1 : 0,
    digest: input.digest ? 1 : 0,
    confirmed_at: existing?.confirmed_at ?? at,
    stopped_at: following ? null : (existing?.stopped_at ?? at),
    ...(startsDigest ? { digest_since: at, next_digest_at: isoAt(now + site.config.digestIntervalSeconds * 1000) } : {}),
    ...(input.digest ? {} : { digest_since: null, next_digest_at: null }),
    updated_at: at,
  };
  try {
    if (existing) await updateFollower(site.db, existing.id, values);
    else
      await insertFollower(site.db, { ...values, email: user.email, email_normalized: user.email_normalized, unsubscribe_token: newToken(), created_at: at });
  } catch (error) {
    // Saved twice at once: the other save made the row, which this one now updates.
    const made = isUniqueViolation(error) && (await findFollowerByEmail(site.db, user.email_normalized));
    if (!made) throw error;
    await updateFollower(site.db, made.id, values);
  }
  return followChoices(site, user);
}

/** What staff see: how many follow, how much mail waits, and how the last sending went. */
export async function followStatus(site: Site): Promise<FollowStatus> {
  const [followers, waiting, last] = await Promise.all([countFollowers(site.db), countWaitingMail(site.db), lastAttempt(site.db)]);
  let lastSend: FollowStatus['last_send'] = null;
  if (last?.claimed_at) {
    const outcome = last.state === 'sent' ? 'sent' : last.state === 'failed' ? 'failed' : 'retrying';
    lastSend = { at: last.finished_at ?? last.claimed_at, outcome, error: last.last_error };
  }
  return { followers, waiting: waiting.all, waiting_account: waiting.account, last_send: lastSend };
}
