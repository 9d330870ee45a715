import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * The editor's unsaved changes, kept as the owner types: one copy per staff member and note (a note
 * not yet saved has none, `note_id` null). A copy is never the note itself: nothing of it is shown to
 * visitors or kept as a revision until the owner saves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('note_autosaves'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', 'integer', (c) => c.references('notes.id').onDelete('cascade'))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('note_autosaves_user_note').on('note_autosaves').columns(['user_id', 'note_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('note_autosaves').execute();
}
