import type { Kysely } from 'kysely';

/**
 * Files stored for an upload whose row does not exist yet, one line per storage key. The line is
 * written before the files and deleted in the transaction that creates the row, so that a crash
 * in between leaves lines naming exactly the files to remove.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_uploads')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_uploads_started_at').on('pending_uploads').column('started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_uploads').execute();
}
