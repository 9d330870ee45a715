import type { Db, Dialect } from '../db';

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

/** The revision a copy of changes started from, and the staff member whose copy it is. */
export interface StartedFrom {
  revision: number;
  /** Their email, as their revisions record it. */
  savedBy: string;
}

/**
 * Keeps `input` as the staff member's one copy of their changes to the note, in place of any earlier one.
 * A copy of changes to a saved note that they have saved again since `startedFrom` is not kept (false):
 * sent before that save and landing after it, it would outlive it. The note's row is read under its lock
 * first, which a save holds until it is written: the save's revision is then seen, or the save's
 * dropping of the copy comes after this one.
 */
export async function keepAutosave(
  db: Db,
  dialect: Dialect,
  userId: number,
  noteId: number | null,
  input: string,
  at: string,
  startedFrom?: StartedFrom,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (noteId !== null && startedFrom) {
      await trx
        .selectFrom('notes')
        .select('id')
        .where('id', '=', noteId)
        .$if(dialect === 'postgres', (query) => query.forUpdate())
        .execute();
      const savedSince = await trx
        .selectFrom('note_revisions')
        .select('id')
        .where('note_id', '=', noteId)
        .where('id', '>', startedFrom.revision)
        .where('saved_by', '=', startedFrom.savedBy)
        .limit(1)
        .executeTakeFirst();
      if (savedSince) return false;
    }
    await dropAutosave(trx, userId, noteId);
    await trx.insertInto('note_autosaves').values({ user_id: userId, note_id: noteId, input, saved_at: at }).execute();
    return true;
  });
}
