import type { Db } from '../db';
import { countInWindow, countTowardsLock, forgetCounters, uncount } from '../repositories/abuseCounters';

/** Attempts allowed from one address before the first lock; each further one doubles the lock, up to an hour. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_SECONDS = 60;
export const LOCKOUT_MAX_SECONDS = 3600;
/** A day without attempts from an address and its count starts again. */
const FAILURE_MEMORY_SECONDS = 24 * 3600;
/**
 * Across all addresses, attempts on one account per hour: high enough that one address's burst
 * leaves the owner room to sign in from another, low enough to bound guessing from many addresses.
 */
export const ACCOUNT_CEILING = 20;
export const ACCOUNT_WINDOW_SECONDS = 3600;
/**
 * Attempts per hour from a browser in which the account signed in before (its device cookie): they
 * are counted against that browser instead of the account, so that guessing from elsewhere cannot
 * lock the owner out; a stolen cookie gets this many guesses, then counts as any other browser.
 */
export const DEVICE_CEILING = 10;

const ADDRESS_SCOPE = 'login-address';
const ACCOUNT_SCOPE = 'login-account';
const DEVICE_SCOPE = 'login-device';

/** Allowed, and counted against the account or against the known browser (`device`, its cookie's nonce); or refused. */
export type LoginAttempt = { allowed: true; device?: string } | { allowed: false; retryAfter: number };

export function lockSeconds(attempts: number): number {
  if (attempts < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_MAX_SECONDS, LOCKOUT_BASE_SECONDS * 2 ** Math.min(attempts - LOCKOUT_THRESHOLD, 16));
}

/**
 * Counts a sign-in attempt before its password is checked, so that however many arrive at once,
 * only the allowed ones reach the (slow) hash. Keyed by the normalized email whether or not an
 * account has it, so a lock tells nothing about accounts. `deviceNonce`: the browser's device
 * cookie for this account, already verified; while under its own ceiling it replaces the account's.
 */
export async function beginLoginAttempt(db: Db, emailNormalized: string, address: string, deviceNonce?: string): Promise<LoginAttempt> {
  const account = { scope: ACCOUNT_SCOPE, subject: emailNormalized };
  const device = deviceNonce === undefined ? undefined : { scope: DEVICE_SCOPE, subject: emailNormalized, address: deviceNonce };
  const trusted = device !== undefined && (await countInWindow(db, device, DEVICE_CEILING, ACCOUNT_WINDOW_SECONDS)).allowed;
  const counted = trusted && device ? device : account;
  if (!trusted) {
    const fromAccount = await countInWindow(db, account, ACCOUNT_CEILING, ACCOUNT_WINDOW_SECONDS);
    if (!fromAccount.allowed) return fromAccount;
  }
  const fromAddress = await countTowardsLock(db, { scope: ADDRESS_SCOPE, subject: emailNormalized, address }, lockSeconds, FAILURE_MEMORY_SECONDS);
  if (!fromAddress.allowed) {
    await uncount(db, counted);
    return fromAddress;
  }
  return trusted ? { allowed: true, device: deviceNonce } : { allowed: true };
}

/** A right password: this address (and the known browser) start again; other addresses' attempts stay counted. */
export async function loginSucceeded(db: Db, emailNormalized: string, address: string, attempt: { device?: string }): Promise<void> {
  if (attempt.device === undefined) await uncount(db, { scope: ACCOUNT_SCOPE, subject: emailNormalized });
  else await forgetCounters(db, [DEVICE_SCOPE], emailNormalized, attempt.device);
  await forgetCounters(db, [ADDRESS_SCOPE], emailNormalized, address);
}

/** A new password chosen by the account's owner (or an operator): every count starts again. */
export async function clearLoginFailures(db: Db, emailNormalized: string): Promise<void> {
  await forgetCounters(db, [ADDRESS_SCOPE, ACCOUNT_SCOPE, DEVICE_SCOPE], emailNormalized);
}
