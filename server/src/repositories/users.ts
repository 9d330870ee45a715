import type { Insertable, Updateable } from 'kysely';
import { type ExpressionBuilder, sql } from 'kysely';

import type { User } from '../../contract';
import type { AdminUser } from '../../contract/admin';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { Database, UserRow, UsersTable } from '../db/schema';
import { normalizeEmail } from '../lib/email';
import { type AuditActor, COMMAND_LINE, recordAudit } from './audit';
import { findPage, type PageRequest } from './paging';
import { revokeAllSessions } from './sessions';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The user as the API shows them: the contract's User to the user themself, AdminUser (with
 * whether they may sign in and own the site) to the administration area.
 */
export function userView(row: UserRow): User;
export function userView(row: UserRow, audience: 'admin'): AdminUser;
export function userView(row: UserRow, audience?: 'admin'): User | AdminUser {
  const user: User = {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    interest_notes: row.interest_notes,
    is_staff: row.is_staff === 1,
    date_joined: row.date_joined,
    last_login: row.last_login,
  };
  return audience === 'admin' ? { ...user, is_active: row.is_active === 1, is_owner: row.is_owner === 1 } : user;
}

/** The name staff know a user by, for audit lines. */
export function displayName(row: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

/** `%text%` for LIKE, with the text's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Email, first, last or full name containing the term, ignoring case. lower() on both sides and
 * an explicit ESCAPE behave the same in SQLite and PostgreSQL (ILIKE exists only in the latter).
 */
function matchesSearch(eb: ExpressionBuilder<Database, 'users'>, term: string) {
  const pattern = containsPattern(term);
  const like = (column: ReturnType<typeof sql>) => sql<boolean>`lower(${column}) like lower(${pattern}) escape '\\'`;
  return eb.or([
    like(sql.ref('email')),
    like(sql.ref('first_name')),
    like(sql.ref('last_name')),
    like(sql`${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}`),
  ]);
}

export function findUsersPage(db: Db, { search, ...page }: PageRequest & { search: string }) {
  const term = search.trim();
  const filtered = db.selectFrom('users').$if(term !== '', (qb) => qb.where((eb) => matchesSearch(eb, term)));
  return findPage(filtered, page, (query) => query.selectAll().orderBy('date_joined', 'desc').orderBy('id', 'desc'));
}

/**
 * A staff member changes a user's staff right and/or active state, with one audit line per change; a
 * deactivated account is signed out everywhere. Undefined when the user is gone.
 */
export function changeUserAccess(db: Db, actor: AuditActor, target: UserRow, change: { isStaff?: boolean; isActive?: boolean }): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({
        ...(change.isStaff !== undefined ? { is_staff: change.isStaff ? 1 : 0 } : {}),
        ...(change.isActive !== undefined ? { is_active: change.isActive ? 1 : 0 } : {}),
      })
      .where('id', '=', target.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const name = displayName(row);
    if (change.isStaff !== undefined) await recordAudit(trx, actor, change.isStaff ? 'user.staff_granted' : 'user.staff_revoked', row.email, name);
    if (change.isActive !== undefined) {
      // A deactivated account must not stay signed in anywhere.
      if (!change.isActive) await revokeAllSessions(trx, row.id);
      await recordAudit(trx, actor, change.isActive ? 'user.activated' : 'user.deactivated', row.email, name);
    }
    return row;
  });
}

/** Ends every sign-in of the user, with an audit line counting them. */
export function signOutUserEverywhere(db: Db, actor: AuditActor, target: UserRow): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const revoked = await revokeAllSessions(trx, target.id);
    const details = `${displayName(target)}; ${revoked} ${revoked === 1 ? 'session' : 'sessions'} revoked`;
    await recordAudit(trx, actor, 'user.signed_out', target.email, details);
  });
}

/** Deletes the account (sessions, refresh and app tokens go with it: ON DELETE CASCADE); false when it was gone. */
export function deleteUser(db: Db, actor: AuditActor, target: UserRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('users').where('id', '=', target.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await recordAudit(trx, actor, 'user.deleted', target.email, displayName(target));
    return true;
  });
}

/**
 * A user whose access token belongs to a live sign-in, with that sign-in's id: signing out, a reset
 * or "sign out everywhere" ends it at once.
 */
export function findUserInLiveSession(db: Db, userId: number, family: string): Promise<(UserRow & { session_id: number }) | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('user_sessions', 'user_sessions.user_id', 'users.id')
    .selectAll('users')
    .select('user_sessions.id as session_id')
    .where('users.id', '=', userId)
    .where('user_sessions.family', '=', family)
    .where('user_sessions.revoked_at', 'is', null)
    .where('user_sessions.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
}

export function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Notes a sign-in (and a password hash brought up to date); undefined when the user is gone or, with `activeOnly`, inactive. */
export function markSignedIn(db: Db, userId: number, { rehashedPassword, activeOnly = false }: { rehashedPassword?: string; activeOnly?: boolean } = {}) {
  let update = db
    .updateTable('users')
    .set({ last_login: nowIso(), ...(rehashedPassword ? { password: rehashedPassword } : {}) })
    .where('id', '=', userId);
  if (activeOnly) update = update.where('is_active', '=', 1);
  return update.returningAll().executeTakeFirst();
}

export function updateProfile(db: Db, userId: number, changes: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

/**
 * Sets a new password hash. With `replacing`, only if the hash is still that one: two submissions of
 * one reset link cannot both succeed. True when it was set.
 */
export async function setPasswordHash(db: Db, userId: number, hash: string, replacing?: string): Promise<boolean> {
  let update = db.updateTable('users').set({ password: hash }).where('id', '=', userId);
  if (replacing !== undefined) update = update.where('password', '=', replacing);
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

/** A user deleting their own account: sessions and app tokens go with it (foreign keys cascade). */
export async function deleteOwnAccount(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** The first staff account of a site becomes its owner (a unique index keeps it to one). */
async function ownIfOwnerless(db: Db, user: UserRow): Promise<UserRow> {
  const owner = await db
    .updateTable('users')
    .set({ is_owner: 1 })
    .where('id', '=', user.id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users as owners').select('owners.id').where('owners.is_owner', '=', 1))))
    .returningAll()
    .executeTakeFirst();
  if (!owner) return user;
  await recordAudit(db, COMMAND_LINE, 'user.owner', owner.email);
  return owner;
}

/** An operator makes an existing account staff (and active), with the names given if any. */
export async function grantStaffByOperator(db: Db, userId: number, names: { first_name?: string; last_name?: string }): Promise<UserRow> {
  const user = await db
    .updateTable('users')
    // The operator vouches for the address, as for an account the command creates.
    .set((eb) => ({ is_staff: 1, is_active: 1, email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(nowIso())), ...names }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(db, COMMAND_LINE, 'user.staff_granted', user.email);
  return ownIfOwnerless(db, user);
}

/** An operator creates a staff account, whose address the operator vouches for. */
export async function insertStaffUserByOperator(db: Db, values: Omit<Insertable<UsersTable>, 'is_staff'>): Promise<UserRow> {
  const user = await insertUser(db, { email_confirmed_at: nowIso(), ...values, is_staff: 1 });
  await recordAudit(db, COMMAND_LINE, 'user.created_staff', user.email);
  return ownIfOwnerless(db, user);
}

/** An operator sets a new password hash; the account is signed out everywhere. */
export async function setPasswordByOperator(db: Db, user: UserRow, hash: string): Promise<UserRow> {
  const updated = await db.updateTable('users').set({ password: hash }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  await revokeAllSessions(db, user.id);
  await recordAudit(db, COMMAND_LINE, 'user.password_reset', user.email);
  return updated;
}

/** Confirms the account's address (the emailed link); undefined when it was confirmed already or the user is gone. */
export function confirmUserEmail(db: Db, userId: number): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ email_confirmed_at: nowIso() })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Removes accounts that never confirmed their address and joined before `joinedBefore` (staff accounts are made by operators, and stay). */
export async function deleteUnconfirmedAccounts(db: Db, joinedBefore: string): Promise<void> {
  await db.deleteFrom('users').where('email_confirmed_at', 'is', null).where('date_joined', '<', joinedBefore).where('is_staff', '=', 0).execute();
}
