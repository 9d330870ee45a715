import type { Db } from '../db';

/** A staff member's copy of their unsaved changes to a note (null: a new note), newest first. */
export async function findAutosave(db: Db, userId: number, noteId: number | null): Promise<{ input: string; saved_at: string } | undefined> {
  let query = db.selectFrom('note_autosaves').select(['input', 'saved_at']).where('user_id', '=', userId);
  query = noteId === null ? query.where('note_id', 'is', null) : query.where('note_id', '=', noteId);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Removes a staff member's copy of their changes to a note (null: a new note). */
export async function dropAutosave(db: Db, userId: number, noteId: number | null): Promise<void> {
  let query = db.deleteFrom('note_autosaves').where('user_id', '=', userId);
  query = noteId === null ? query.where('note_id', 'is', null) : query.where('note_id', '=', noteId);
  await query.execute();
}

/** Keeps `input` as the staff member's one copy of their changes to the note, in place of any earlier one. */
export async function keepAutosave(db: Db, userId: number, noteId: number | null, input: string, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await dropAutosave(trx, userId, noteId);
    await trx.insertInto('note_autosaves').values({ user_id: userId, note_id: noteId, input, saved_at: at }).execute();
  });
}
