import type { Db } from '../db';
import { nowIso } from '../db/columns';
import { type AuditActor, recordAudit } from './audit';

/** A setting's stored JSON value; undefined when it was never set. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

/** Sets a setting, within the caller's transaction. */
export async function putSetting(db: Db, key: string, value: unknown): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_at: nowIso() };
  await db
    .insertInto('site_settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}

/**
 * Sets a setting that is set once, within the caller's transaction; false when it was set already
 * (by another instance meanwhile, say: PostgreSQL makes this insert wait for that one's transaction).
 */
export async function claimSetting(db: Db, key: string, value: unknown): Promise<boolean> {
  const row = await db
    .insertInto('site_settings')
    .values({ key, value: JSON.stringify(value), updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets a setting, with its line of the audit trail in the same transaction. */
export function writeSetting(db: Db, actor: AuditActor, key: string, value: unknown, audit: { action: string; subject: string }): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await putSetting(trx, key, value);
    await recordAudit(trx, actor, audit.action, audit.subject);
  });
}
