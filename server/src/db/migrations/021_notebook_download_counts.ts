import type { Kysely } from 'kysely';

import { createWeeklyCounts } from './007_download_counts';

/**
 * Downloads of a note's notebook per week, counted as documents' are (download_counts): a number,
 * nothing about who downloaded. They belong to the note, and go on when its notebook is replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createWeeklyCounts(db, 'notebook_download_counts', { column: 'note_id', references: 'notes.id' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notebook_download_counts').execute();
}
