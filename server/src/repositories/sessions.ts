import crypto from 'node:crypto';

import type { Config } from '../config';
import type { Db } from '../db';
import { isoAt } from '../db/columns';
import type { UserRow, UserSessionRow } from '../db/schema';
import { signToken, verifyToken } from '../lib/tokens';

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

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface IssuedTokens {
  access: string;
  refresh: string;
}

type TokenConfig = Pick<Config, 'secrets' | 'accessTokenSeconds'>;

async function issuePair(
  db: Db,
  config: TokenConfig,
  userId: number,
  session: Pick<UserSessionRow, 'id' | 'family' | 'remember' | 'expires_at'>,
): Promise<IssuedTokens> {
  const now = Date.now();
  const lifetime = session.remember ? REMEMBERED_REFRESH_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS;
  const secondsLeft = Math.floor((Date.parse(session.expires_at) - now) / 1000);
  const refresh = await signToken(config.secrets.jwt, 'refresh', userId, Math.min(lifetime, secondsLeft), {
    family: session.family,
  });
  await db
    .insertInto('refresh_tokens')
    .values({ jti: refresh.jti, session_id: session.id, issued_at: isoAt(now), expires_at: isoAt(refresh.exp * 1000), used_at: null })
    .execute();
  // The access token names its session so that the session list can mark "this device".
  const access = await signToken(config.secrets.jwt, 'access', userId, config.accessTokenSeconds, { family: session.family });
  return { access: access.token, refresh: refresh.token };
}

/** Starts a sign-in: a new refresh-token family, and its first token pair. */
export async function startSession(
  db: Db,
  config: TokenConfig,
  user: Pick<UserRow, 'id'>,
  options: { remember: boolean; client: ClientInfo },
): Promise<IssuedTokens> {
  const now = Date.now();
  await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('expires_at', '<', isoAt(now)), eb('revoked_at', 'is not', null)]))
    .execute();
  const session = await db
    .insertInto('user_sessions')
    .values({
      user_id: user.id,
      family: crypto.randomUUID(),
      remember: options.remember ? 1 : 0,
      created_at: isoAt(now),
      last_used_at: isoAt(now),
      expires_at: isoAt(now + SESSION_ABSOLUTE_SECONDS * 1000),
      revoked_at: null,
      ip: options.client.ip.slice(0, 64),
      user_agent: options.client.userAgent.slice(0, 300),
    })
    .returning(['id', 'family', 'remember', 'expires_at'])
    .executeTakeFirstOrThrow();
  return issuePair(db, config, user.id, session);
}

async function revokeFamily(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ revoked_at: isoAt(Date.now()) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

type SessionOfToken = Pick<UserSessionRow, 'id' | 'family' | 'remember' | 'expires_at'>;

/**
 * The pair a racing tab missed: the session's live refresh token (signed again with its own id and
 * times, so it is the same token as far as rotation goes) and a fresh access token.
 */
async function currentPair(db: Db, config: TokenConfig, userId: number, session: SessionOfToken): Promise<IssuedTokens | undefined> {
  const live = await db
    .selectFrom('refresh_tokens')
    .select(['jti', 'issued_at', 'expires_at'])
    .where('session_id', '=', session.id)
    .where('used_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .executeTakeFirst();
  if (!live) return undefined;
  const issuedAt = Math.floor(Date.parse(live.issued_at) / 1000);
  const refresh = await signToken(config.secrets.jwt, 'refresh', userId, Math.floor(Date.parse(live.expires_at) / 1000) - issuedAt, {
    family: session.family,
    jti: live.jti,
    issuedAt,
  });
  const access = await signToken(config.secrets.jwt, 'access', userId, config.accessTokenSeconds, { family: session.family });
  return { access: access.token, refresh: refresh.token };
}

/**
 * Exchanges a refresh token for a new pair. The presented token is spent; presented again within
 * REFRESH_GRACE_SECONDS it answers the sign-in's current pair, later it means the token was copied,
 * so the whole family is revoked. Undefined when refused.
 */
export async function rotateRefreshToken(db: Db, config: TokenConfig, token: string, client: ClientInfo): Promise<IssuedTokens | undefined> {
  const claims = await verifyToken(config.secrets.jwt, 'refresh', token);
  if (!claims?.family) return undefined;
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('user_sessions', 'user_sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .select([
      'refresh_tokens.used_at',
      'user_sessions.id as session_id',
      'user_sessions.family',
      'user_sessions.remember',
      'user_sessions.expires_at',
      'user_sessions.revoked_at',
      'user_sessions.user_id',
      'users.is_active',
    ])
    .where('refresh_tokens.jti', '=', claims.jti)
    .executeTakeFirst();
  if (!row || row.family !== claims.family || row.user_id !== claims.userId) return undefined;
  const now = Date.now();
  const session = { id: row.session_id, family: row.family, remember: row.remember, expires_at: row.expires_at };
  const alive = row.revoked_at === null && row.expires_at > isoAt(now) && row.is_active === 1;
  const spentAgain = async (usedAt: string | null) => {
    if (alive && usedAt !== null && now - Date.parse(usedAt) <= REFRESH_GRACE_SECONDS * 1000) {
      return currentPair(db, config, row.user_id, session);
    }
    await revokeFamily(db, row.session_id);
    return undefined;
  };
  if (row.used_at !== null) return spentAgain(row.used_at);
  if (!alive) return undefined;

  // Spending the token and recording its successor happen together, so that a racing use of the
  // same token (which waits for this, or finds it spent) always finds the successor.
  const rotated = await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: isoAt(now) })
      .where('jti', '=', claims.jti)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return undefined;
    return issuePair(trx, config, row.user_id, session);
  });
  if (!rotated) return spentAgain(isoAt(now));
  await db
    .updateTable('user_sessions')
    .set({ last_used_at: isoAt(now), ip: client.ip.slice(0, 64), user_agent: client.userAgent.slice(0, 300) })
    .where('id', '=', row.session_id)
    .execute();
  await db
    .deleteFrom('refresh_tokens')
    .where('session_id', '=', row.session_id)
    .where('used_at', 'is not', null)
    .where('expires_at', '<', isoAt(now))
    .execute();
  return rotated;
}

/**
 * Ends the sign-in a refresh token belongs to (logout). A token of an already ended session is
 * accepted, so that logging out twice is harmless; false when the token is not a valid one of ours.
 */
export async function endSessionOfRefreshToken(db: Db, config: TokenConfig, token: string): Promise<boolean> {
  const claims = await verifyToken(config.secrets.jwt, 'refresh', token);
  if (!claims?.family) return false;
  await db
    .updateTable('user_sessions')
    .set({ revoked_at: isoAt(Date.now()) })
    .where('family', '=', claims.family)
    .where('user_id', '=', claims.userId)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/** The user's live sign-ins, most recently used first. */
export async function listActiveSessions(db: Db, userId: number): Promise<UserSessionRow[]> {
  return db
    .selectFrom('user_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', isoAt(Date.now()))
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one of the user's sessions; false when the user has no such live session. */
export async function revokeSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const result = await db
    .updateTable('user_sessions')
    .set({ revoked_at: isoAt(Date.now()) })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Signs the user out everywhere: every refresh-token family is revoked and unused app tokens
 * are dropped. `exceptFamily` keeps the caller's own session (e.g. after changing the password).
 * Returns the number of sessions revoked.
 */
export async function revokeAllSessions(db: Db, userId: number, options: { exceptFamily?: string } = {}): Promise<number> {
  let update = db
    .updateTable('user_sessions')
    .set({ revoked_at: isoAt(Date.now()) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.exceptFamily) update = update.where('family', '!=', options.exceptFamily);
  const result = await update.executeTakeFirst();
  await db.deleteFrom('app_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  return Number(result.numUpdatedRows);
}
