import type { NoteAutosave, NoteInput } from '../../contract/notes';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import { isForeignKeyViolation } from '../db/errors';
import { dropAutosave, findAutosave, keepAutosave } from '../repositories/noteAutosaves';
import { findNote } from '../repositories/notes';

/**
 * Keeps a staff member's unsaved changes to a note (null: the new note they are writing) as their one
 * copy of it. Nothing public changes and no revision is kept: that is what saving does. Answers when it
 * was kept, or undefined when there is no such note.
 */
export async function keepNoteAutosave(db: Db, userId: number, noteId: number | null, input: NoteInput): Promise<string | undefined> {
  const at = nowIso();
  try {
    // The request's schema reads a null time as '' (coercion): none is null, as in a note.
    await keepAutosave(db, userId, noteId, JSON.stringify({ ...input, publish_at: input.publish_at || null }), at);
  } catch (error) {
    // No such note, or it was deleted meanwhile: the foreign key says so in the same statement, with no race.
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
  return at;
}

/** The staff member's copy of their unsaved changes, or null; undefined when there is no such note. */
export async function noteAutosaveOf(db: Db, userId: number, noteId: number | null): Promise<NoteAutosave | null | undefined> {
  if (noteId !== null && !(await findNote(db, noteId))) return undefined;
  const row = await findAutosave(db, userId, noteId);
  return row ? { input: JSON.parse(row.input) as NoteInput, saved_at: row.saved_at } : null;
}

/** Drops the staff member's copy of their unsaved changes (they discarded them). */
export const dropNoteAutosave = (db: Db, userId: number, noteId: number | null): Promise<void> => dropAutosave(db, userId, noteId);
