import type { Kysely } from 'kysely';

/**
 * The storage key of an image's medium rendition (800 px, for phones). Images from before, and from
 * an older backup, have none (null) until the background derives it from their original.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('medium_key', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('medium_key').execute();
}
