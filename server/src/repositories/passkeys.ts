import type { Insertable } from 'kysely';

import type { Passkey } from '../../contract/passkeys';
import type { Db } from '../db';
import { isoAt, nowIso } from '../db/columns';
import type { PasskeyRow, PasskeysTable, WebauthnChallengesTable } from '../db/schema';

/** The API shape: what the owner of the passkey sees of it. */
export function passkeyView(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at, backed_up: row.backed_up === 1 };
}

/** The user's passkeys, oldest first. */
export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export function insertPasskey(db: Db, values: Insertable<PasskeysTable>): Promise<PasskeyRow> {
  return db.insertInto('passkeys').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Notes a sign-in with the passkey: when, the authenticator's new counter and whether it is synced now. */
export async function notePasskeyUse(db: Db, id: number, use: { signCount: number; backedUp: boolean }): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ last_used_at: nowIso(), sign_count: use.signCount, backed_up: use.backedUp ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Renames one of the user's passkeys; undefined when the user has no such passkey. */
export function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
  return db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

/** Removes one of the user's passkeys; false when the user has no such passkey. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes every passkey of the user; answers how many there were. */
export async function deleteAllPasskeys(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many staff accounts there are, and how many of them have a passkey. */
export async function countStaffPasskeys(db: Db): Promise<{ staff: number; withPasskeys: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('staff'),
      eb.fn
        .count<number>('users.id')
        .filterWhere(({ exists, selectFrom }) => exists(selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id')))
        .as('withPasskeys'),
    ])
    .where('is_staff', '=', 1)
    .executeTakeFirstOrThrow();
  return { staff: Number(row.staff), withPasskeys: Number(row.withPasskeys) };
}

/** Keeps a challenge until `expires_at`; challenges that ran out unanswered are dropped meanwhile. */
export async function insertChallenge(db: Db, values: WebauthnChallengesTable): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', nowIso()).execute();
  await db.insertInto('webauthn_challenges').values(values).execute();
}

/**
 * Spends a challenge: it is removed in the same statement that finds it, so that of two answers to
 * one challenge only one is verified. Undefined when it is unknown, expired, spent, or another
 * ceremony's (another purpose or, for a registration, another user's).
 */
export function takeChallenge(
  db: Db,
  challenge: string,
  purpose: WebauthnChallengesTable['purpose'],
  userId: number | null,
): Promise<WebauthnChallengesTable | undefined> {
  let query = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', isoAt(Date.now()));
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  return query.returningAll().executeTakeFirst();
}
