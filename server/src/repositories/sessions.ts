import type { Db } from '../db';
import { isoAt } from '../db/columns';
import type { UserSessionRow } from '../db/schema';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** What issuing a refresh token needs to know of its session. */
export type SessionOfToken = Pick<UserSessionRow, 'id' | 'family' | 'remember' | 'expires_at'>;

/** The device as the session list shows it, cut to the columns' widths. */
const device = (client: ClientInfo) => ({ ip: client.ip.slice(0, 64), user_agent: client.userAgent.slice(0, 300) });

/** Drops the user's sessions that have expired or were revoked. */
export async function deleteEndedSessions(db: Db, userId: number, now: number): Promise<void> {
  await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', isoAt(now)), eb('revoked_at', 'is not', null)]))
    .execute();
}

export function insertSession(
  db: Db,
  values: { userId: number; family: string; remember: boolean; createdAt: number; expiresAt: number; client: ClientInfo },
): Promise<SessionOfToken> {
  return db
    .insertInto('user_sessions')
    .values({
      user_id: values.userId,
      family: values.family,
      remember: values.remember ? 1 : 0,
      created_at: isoAt(values.createdAt),
      last_used_at: isoAt(values.createdAt),
      expires_at: isoAt(values.expiresAt),
      revoked_at: null,
      ...device(values.client),
    })
    .returning(['id', 'family', 'remember', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** Notes a refresh token issued for the session; times in milliseconds. */
export async function insertRefreshToken(db: Db, sessionId: number, token: { jti: string; issuedAt: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ jti: token.jti, session_id: sessionId, issued_at: isoAt(token.issuedAt), expires_at: isoAt(token.expiresAt), used_at: null })
    .execute();
}

/** A refresh token with its session and whether its user may still sign in. */
export function findRefreshToken(db: Db, jti: string) {
  return db
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
    .where('refresh_tokens.jti', '=', jti)
    .executeTakeFirst();
}

/** The session's newest unspent refresh token. */
export function findUnspentRefreshToken(db: Db, sessionId: number) {
  return db
    .selectFrom('refresh_tokens')
    .select(['jti', 'issued_at', 'expires_at'])
    .where('session_id', '=', sessionId)
    .where('used_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .executeTakeFirst();
}

/** Marks the refresh token spent; false when it was spent already. */
export async function spendRefreshToken(db: Db, jti: string, at: number): Promise<boolean> {
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ used_at: isoAt(at) })
    .where('jti', '=', jti)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Notes when and from where the session was last used. */
export async function noteSessionUse(db: Db, sessionId: number, at: number, client: ClientInfo): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ last_used_at: isoAt(at), ...device(client) })
    .where('id', '=', sessionId)
    .execute();
}

/** Drops the session's spent refresh tokens that have expired: a replay of one fails verification before any look-up. */
export async function deleteSpentRefreshTokens(db: Db, sessionId: number, now: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('session_id', '=', sessionId).where('used_at', 'is not', null).where('expires_at', '<', isoAt(now)).execute();
}

/** The update revoking the user's live sessions, for the revokes below to narrow to the ones they mean. */
function revokingLiveSessions(db: Db, userId: number) {
  return db
    .updateTable('user_sessions')
    .set({ revoked_at: isoAt(Date.now()) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
}

/** Revokes the user's session of this refresh-token family, if it is live. */
export async function revokeFamily(db: Db, userId: number, family: string): Promise<void> {
  await revokingLiveSessions(db, userId).where('family', '=', family).execute();
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
  const result = await revokingLiveSessions(db, userId).where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Signs the user out everywhere: every refresh-token family is revoked and unused app tokens
 * are dropped. `exceptFamily` keeps the caller's own session (e.g. after changing the password).
 * Returns the number of sessions revoked.
 */
export async function revokeAllSessions(db: Db, userId: number, options: { exceptFamily?: string } = {}): Promise<number> {
  let update = revokingLiveSessions(db, userId);
  if (options.exceptFamily) update = update.where('family', '!=', options.exceptFamily);
  const result = await update.executeTakeFirst();
  await db.deleteFrom('app_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  return Number(result.numUpdatedRows);
}

/** Whether the sign-in is live (not revoked, not expired) and its user still active staff. */
export async function isLiveStaffSession(db: Db, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .select('user_sessions.id')
    .where('user_sessions.id', '=', sessionId)
    .where('user_sessions.revoked_at', 'is', null)
    .where('user_sessions.expires_at', '>', isoAt(Date.now()))
    .where('users.is_active', '=', 1)
    .where('users.is_staff', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
