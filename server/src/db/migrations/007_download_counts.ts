import type { Kysely } from 'kysely';

/**
 * Downloads per document and week: a number, nothing about who downloaded (no address, account
 * or cookie), so that counting needs no consent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createWeeklyCounts(db, 'download_counts', { column: 'document_id', references: 'documents.id' });
}

/** A table of downloads per week of one kind of item: `column` names the item, and its rows go with the item's. */
export async function createWeeklyCounts(db: Kysely<unknown>, table: string, { column, references }: { column: string; references: string }): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(column, 'integer', (c) => c.notNull().references(references).onDelete('cascade'))
    .addColumn('week_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, [column, 'week_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_counts').execute();
}
