import crypto from 'node:crypto';

import type { Config } from '../config';
import type { Db } from '../db';
import { isoAt } from '../db/columns';
import type { UserRow } from '../db/schema';
import { signToken, verifyToken } from '../lib/tokens';
import {
  type ClientInfo,
  deleteEndedSessions,
  deleteSpentRefreshTokens,
  findRefreshToken,
  findUnspentRefreshToken,
  insertRefreshToken,
  insertSession,
  noteSessionUse,
  revokeFamily,
  revokeSession,
  type SessionOfToken,
  spendRefreshToken,
} from '../repositories/sessions';

/** A refresh token lives a day, or 30 days with "remember me"; rotation never outlives the family. */
export const REFRESH_TOKEN_SECONDS = 24 * 3600;
export const REMEMBERED_REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
/**
 * A spent refresh token presented again this soon after it was spent is a second tab (or a retry)
 * that raced the first, not a thief: it gets the sign-in's current pair instead of ending it.
 */
export const REFRESH_GRACE_SECONDS = 30;
/** Absolute lifetime of a sign-in: after this the person signs in again, however often they refreshed. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;

export interface IssuedTokens {
  access: string;
  refresh: string;
}

type TokenConfig = Pick<Config, 'secrets' | 'accessTokenSeconds'>;

// The access token names its session so that the session list can mark "this device".
const signAccess = async (config: TokenConfig, userId: number, session: SessionOfToken) =>
  (await signToken(config.secrets.jwt, 'access', userId, config.accessTokenSeconds, { family: session.family })).token;

async function issuePair(db: Db, config: TokenConfig, userId: number, session: SessionOfToken): Promise<IssuedTokens> {
  const now = Date.now();
  const lifetime = session.remember ? REMEMBERED_REFRESH_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS;
  const secondsLeft = Math.floor((Date.parse(session.expires_at) - now) / 1000);
  const refresh = await signToken(config.secrets.jwt, 'refresh', userId, Math.min(lifetime, secondsLeft), { family: session.family });
  await insertRefreshToken(db, session.id, { jti: refresh.jti, issuedAt: now, expiresAt: refresh.exp * 1000 });
  return { access: await signAccess(config, userId, session), refresh: refresh.token };
}

/** Starts a sign-in: a new refresh-token family, and its first token pair. */
export async function startSession(
  db: Db,
  config: TokenConfig,
  user: Pick<UserRow, 'id'>,
  options: { remember: boolean; client: ClientInfo },
): Promise<IssuedTokens> {
  const now = Date.now();
  await deleteEndedSessions(db, user.id, now);
  const session = await insertSession(db, {
    userId: user.id,
    family: crypto.randomUUID(),
    remember: options.remember,
    createdAt: now,
    expiresAt: now + SESSION_ABSOLUTE_SECONDS * 1000,
    client: options.client,
  });
  return issuePair(db, config, user.id, session);
}

/**
 * The pair a racing tab missed: the session's live refresh token (signed again with its own id and
 * times, so it is the same token as far as rotation goes) and a fresh access token.
 */
async function currentPair(db: Db, config: TokenConfig, userId: number, session: SessionOfToken): Promise<IssuedTokens | undefined> {
  const live = await findUnspentRefreshToken(db, session.id);
  if (!live) return undefined;
  const issuedAt = Math.floor(Date.parse(live.issued_at) / 1000);
  const refresh = await signToken(config.secrets.jwt, 'refresh', userId, Math.floor(Date.parse(live.expires_at) / 1000) - issuedAt, {
    family: session.family,
    jti: live.jti,
    issuedAt,
  });
  return { access: await signAccess(config, userId, session), refresh: refresh.token };
}

/**
 * Exchanges a refresh token for a new pair. The presented token is spent; presented again within
 * REFRESH_GRACE_SECONDS it answers the sign-in's current pair, later it means the token was copied,
 * so the whole family is revoked. Undefined when refused.
 */
export async function rotateRefreshToken(db: Db, config: TokenConfig, token: string, client: ClientInfo): Promise<IssuedTokens | undefined> {
  const claims = await verifyToken(config.secrets.jwt, 'refresh', token);
  if (!claims?.family) return undefined;
  const row = await findRefreshToken(db, claims.jti);
  if (!row || row.family !== claims.family || row.user_id !== claims.userId) return undefined;
  const now = Date.now();
  const session = { id: row.session_id, family: row.family, remember: row.remember, expires_at: row.expires_at };
  const alive = row.revoked_at === null && row.expires_at > isoAt(now) && row.is_active === 1;
  const spentAgain = async (usedAt: string | null) => {
    if (alive && usedAt !== null && now - Date.parse(usedAt) <= REFRESH_GRACE_SECONDS * 1000) {
      return currentPair(db, config, row.user_id, session);
    }
    await revokeSession(db, row.user_id, row.session_id);
    return undefined;
  };
  if (row.used_at !== null) return spentAgain(row.used_at);
  if (!alive) return undefined;

  // Spending the token and recording its successor happen together, so that a racing use of the
  // same token (which waits for this, or finds it spent) always finds the successor.
  const rotated = await db.transaction().execute(async (trx) => {
    if (!(await spendRefreshToken(trx, claims.jti, now))) return undefined;
    return issuePair(trx, config, row.user_id, session);
  });
  if (!rotated) return spentAgain(isoAt(now));
  await noteSessionUse(db, row.session_id, now, client);
  await deleteSpentRefreshTokens(db, row.session_id, now);
  return rotated;
}

/**
 * Ends the sign-in a refresh token belongs to (logout). A token of an already ended session is
 * accepted, so that logging out twice is harmless; false when the token is not a valid one of ours.
 */
export async function endSessionOfRefreshToken(db: Db, config: TokenConfig, token: string): Promise<boolean> {
  const claims = await verifyToken(config.secrets.jwt, 'refresh', token);
  if (!claims?.family) return false;
  await revokeFamily(db, claims.userId, claims.family);
  return true;
}
