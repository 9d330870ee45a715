import type { Db } from '../db';
import { nowIso } from '../db/columns';

/** Replaces the user's recovery codes (used or not) with new ones, given by their hashes. */
export function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    const createdAt = nowIso();
    await trx
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: createdAt, used_at: null })))
      .execute();
  });
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Marks the user's unused code with this hash used, in one statement; false when there is none. */
export async function spendRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
