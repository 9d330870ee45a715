import crypto from 'node:crypto';

import type { Db } from '../db';
import { isoAt } from '../db/columns';

/** An app token is for the native wrapper to open the site right away: a few minutes, one use. */
export const APP_TOKEN_SECONDS = 5 * 60;

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues a 256-bit random token; only its hash is stored. */
export async function issueAppToken(db: Db, userId: number): Promise<{ token: string; expiresIn: number }> {
  const now = Date.now();
  await db.deleteFrom('app_tokens').where('expires_at', '<', isoAt(now)).execute();
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('app_tokens')
    .values({ user_id: userId, token_hash: sha256(token), created_at: isoAt(now), expires_at: isoAt(now + APP_TOKEN_SECONDS * 1000), used_at: null })
    .execute();
  return { token, expiresIn: APP_TOKEN_SECONDS };
}

/** Spends a token and names its user; undefined when unknown, expired or already spent. */
export async function redeemAppToken(db: Db, token: string): Promise<number | undefined> {
  const now = isoAt(Date.now());
  const spent = await db
    .updateTable('app_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return spent?.user_id;
}
