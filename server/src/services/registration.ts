import crypto from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import type { RegisterRequest } from '../../contract/accounts';
import { paths } from '../../contract/paths';
import { nowIso } from '../db/columns';
import type { UserRow } from '../db/schema';
import { type FieldErrors, MESSAGES } from '../errors';
import { cleanEmail, isValidEmail, normalizeEmail } from '../lib/email';
import { countInWindow } from '../repositories/abuseCounters';
import { findFollowerByEmail, updateFollower } from '../repositories/followers';
import { confirmUserEmail, findUserByEmail, findUserById, insertUser } from '../repositories/users';
import { emailConfirmMail, registerAttemptMail } from './accountMail';
import { MAILS_PER_ADDRESS_PER_HOUR, queueMessage, siteNames } from './mailQueue';
import { passwordProblems } from './passwordPolicy';
import { hashPassword } from './passwords';
import { decodeUid, encodeUid } from './resetTokens';

type Site = Pick<FastifyInstance, 'db' | 'config' | 'mailQueue'>;

const REGISTER_MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  passwordMismatch: "Password fields didn't match.",
} as const;

const KEY_SALT = 'research-site.confirm-email';
const SIGNATURE_LENGTH = 32;

/**
 * The confirmation link's token: a signature of the account (its id, address and the time it joined),
 * so nothing is stored; it works until the address is confirmed, within the week the account is kept.
 */
function confirmToken(secret: string, user: Pick<UserRow, 'id' | 'email_normalized' | 'date_joined'>): string {
  return crypto
    .createHmac('sha256', `${KEY_SALT}:${secret}`)
    .update([user.id, user.email_normalized, user.date_joined].join('\u0000'))
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

const confirmLink = (site: Site, user: UserRow) =>
  `${site.config.frontendUrl}${paths.confirmEmail(encodeUid(user.id), confirmToken(site.config.secrets.reset, user))}`;

/** Counts a mail to the address, whether or not one is sent, so that every registration does the same work. */
const mayMail = (site: Site, normalized: string) => countInWindow(site.db, { scope: 'account-mail', subject: normalized }, MAILS_PER_ADDRESS_PER_HOUR, 3600);

/**
 * Registers an account. An address that has an account already is answered exactly as a new one, after
 * the same work (its password hashed all the same), so that registration tells nobody which addresses
 * have accounts: a new account gets the link that confirms its address, an existing one a mail saying
 * that someone tried, with the ways to sign in.
 */
export async function registerAccount(site: Site, body: RegisterRequest): Promise<{ problems: FieldErrors } | { registered: true }> {
  const email = cleanEmail(body.email);
  const firstName = body.first_name.trim();
  const lastName = body.last_name.trim();
  const errors: FieldErrors = {};
  if (!isValidEmail(email)) errors.email = [REGISTER_MESSAGES.invalidEmail];
  if (!firstName) errors.first_name = [MESSAGES.blank];
  if (!lastName) errors.last_name = [MESSAGES.blank];
  if (body.password !== body.password2) {
    errors.password = [REGISTER_MESSAGES.passwordMismatch];
  } else {
    const problems = passwordProblems(body.password, { email, first_name: firstName, last_name: lastName });
    if (problems.length) errors.password = problems;
  }
  if (Object.keys(errors).length) return { problems: errors };

  const normalized = normalizeEmail(email);
  const password = await hashPassword(body.password);
  const [allowed, names] = await Promise.all([mayMail(site, normalized), siteNames(site)]);
  let existing = await findUserByEmail(site.db, normalized);
  let created: UserRow | undefined;
  if (!existing) {
    try {
      created = await insertUser(site.db, {
        email,
        email_normalized: normalized,
        first_name: firstName,
        last_name: lastName,
        interest_notes: (body.interest_notes ?? '').trim(),
        date_joined: nowIso(),
        last_login: null,
        password,
        email_confirmed_at: null,
      });
    } catch (error) {
      // Two registrations racing for one address: the unique key lets one through, and the other is an attempt.
      existing = await findUserByEmail(site.db, normalized);
      if (!existing) throw error;
    }
  }
  if (!allowed.allowed) return { registered: true };
  if (created) await queueMessage(site, 'account-confirm', emailConfirmMail(names, created.email, confirmLink(site, created)));
  else if (existing && existing.is_active === 1) {
    const stillToConfirm = existing.email_confirmed_at === null ? confirmLink(site, existing) : undefined;
    await queueMessage(site, 'register-attempt', registerAttemptMail(names, existing.email, stillToConfirm));
  }
  return { registered: true };
}

/**
 * The emailed link confirms the account's address; an address that followed the research alone
 * becomes the account's. Confirming again answers the same.
 */
export async function confirmAccountEmail(site: Site, uidb64: string, token: string): Promise<UserRow | undefined> {
  const id = decodeUid(uidb64);
  const user = id === undefined ? undefined : await findUserById(site.db, id);
  if (!user || !sameText(token, confirmToken(site.config.secrets.reset, user))) return undefined;
  const confirmed = (await confirmUserEmail(site.db, user.id)) ?? user;
  const follower = await findFollowerByEmail(site.db, user.email_normalized);
  if (follower && follower.user_id === null) await updateFollower(site.db, follower.id, { user_id: user.id, updated_at: nowIso() });
  return confirmed;
}

/** Sends the confirmation link again, within the per-address limit; the seconds to wait when over it. */
export async function resendConfirmation(site: Site, user: UserRow): Promise<'sent' | 'confirmed' | { retryAfter: number }> {
  if (user.email_confirmed_at !== null) return 'confirmed';
  const allowed = await mayMail(site, user.email_normalized);
  if (!allowed.allowed) return { retryAfter: allowed.retryAfter };
  await queueMessage(site, 'account-confirm', emailConfirmMail(await siteNames(site), user.email, confirmLink(site, user)));
  return 'sent';
}
