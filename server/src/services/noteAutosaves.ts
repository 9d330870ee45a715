import type { FastifyInstance } from 'fastify';

import type { NoteAutosave, NoteInput } from '../../contract/notes';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import { isForeignKeyViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import { dropAutosave, findAutosave, keepAutosave } from '../repositories/noteAutosaves';
import { findNote } from '../repositories/notes';

type Site = Pick<FastifyInstance, 'db' | 'dialect'>;

/**
 * Keeps a staff member's unsaved changes to a note (null: the new note they are writing) as their one
 * copy of it. Nothing public changes and no revision is kept: that is what saving does. Answers when it
 * was kept; undefined when there is no such note; superseded when they have saved the note since the
 * revision the changes started from (an autosave still on its way when they saved): the save won, and
 * the copy, older than it, is not kept.
 */
export async function keepNoteAutosave(
  site: Site,
  user: Pick<UserRow, 'id' | 'email'>,
  noteId: number | null,
  input: NoteInput,
): Promise<{ saved_at: string } | { superseded: true } | undefined> {
  const at = nowIso();
  let kept: boolean;
  try {
    // The request's schema reads a null time as '' (coercion): none is null, as in a note.
    const copy = JSON.stringify({ ...input, publish_at: input.publish_at || null });
    const startedFrom = input.revision === undefined ? undefined : { revision: input.revision, savedBy: user.email };
    kept = await keepAutosave(site.db, site.dialect, user.id, noteId, copy, at, startedFrom);
  } catch (error) {
    // No such note, or it was deleted meanwhile: the foreign key says so in the same statement, with no race.
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
  return kept ? { saved_at: at } : { superseded: true };
}

/** The staff member's copy of their unsaved changes, or null; undefined when there is no such note. */
export async function noteAutosaveOf(db: Db, userId: number, noteId: number | null): Promise<NoteAutosave | null | undefined> {
  if (noteId !== null && !(await findNote(db, noteId))) return undefined;
  const row = await findAutosave(db, userId, noteId);
  return row ? { input: JSON.parse(row.input) as NoteInput, saved_at: row.saved_at } : null;
}

/** Drops the staff member's copy of their unsaved changes (they discarded them). */
export const dropNoteAutosave = (db: Db, userId: number, noteId: number | null): Promise<void> => dropAutosave(db, userId, noteId);
