import type { Kysely } from 'kysely';

/**
 * Downloads of a note's notebook per week, counted as documents' are (download_counts): a number,
 * nothing about who downloaded. They belong to the note, and go on when its notebook is replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notebook_download_counts')
    .addColumn('note_id', 'integer', (c) => c.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('week_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notebook_download_counts_pk', ['note_id', 'week_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notebook_download_counts').execute();
}
