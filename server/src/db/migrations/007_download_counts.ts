import type { Kysely } from 'kysely';

/**
 * Downloads per document and week: a number, nothing about who downloaded (no address, account
 * or cookie), so that counting needs no consent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('download_counts')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('week_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('download_counts_pk', ['document_id', 'week_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_counts').execute();
}
