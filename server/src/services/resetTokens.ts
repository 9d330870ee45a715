import crypto from 'node:crypto';

import { ID_MAX } from '../../contract';
import type { UserRow } from '../db/schema';

/** A reset link works for one hour. */
export const RESET_TOKEN_SECONDS = 3600;
const KEY_SALT = 'research-site.password-reset';
const SIGNATURE_LENGTH = 32;
const TOKEN_PATTERN = /^([0-9a-z]{1,13})-([A-Za-z0-9_-]{32})$/;

type ResetSubject = Pick<UserRow, 'id' | 'password' | 'last_login' | 'email_normalized'>;

/** The user id as it appears in the link: base64url of its decimal digits, as Django writes uidb64. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

export function decodeUid(uidb64: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return undefined;
  const digits = Buffer.from(uidb64, 'base64url').toString('latin1');
  if (!/^[1-9]\d{0,9}$/.test(digits)) return undefined;
  const id = Number(digits);
  return id <= ID_MAX ? id : undefined;
}

/**
 * The signature covers the password hash and the last sign-in, so the token dies as soon as the
 * password changes (single use) or the owner signs in; nothing about it is stored.
 */
function sign(secret: string, user: ResetSubject, timestamp: number): string {
  return crypto
    .createHmac('sha256', `${KEY_SALT}:${secret}`)
    .update([user.id, user.password, user.last_login ?? '', user.email_normalized, timestamp].join('\u0000'))
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

export function makeResetToken(secret: string, user: ResetSubject, nowMs = Date.now()): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `${timestamp.toString(36)}-${sign(secret, user, timestamp)}`;
}

export function checkResetToken(secret: string, user: ResetSubject, token: string, nowMs = Date.now()): boolean {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return false;
  const timestamp = parseInt(match[1], 36);
  const expected = Buffer.from(sign(secret, user, timestamp));
  const given = Buffer.from(match[2]);
  if (!crypto.timingSafeEqual(expected, given)) return false;
  return Math.floor(nowMs / 1000) - timestamp <= RESET_TOKEN_SECONDS;
}
