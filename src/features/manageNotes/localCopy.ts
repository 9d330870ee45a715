import type { NoteAutosave } from '@/contract/notes';

/**
 * The editor's unsaved changes kept in this browser: written before each copy goes to the server, and
 * left in place when the server cannot be reached, so that a reload or a crash offline loses nothing.
 * One per staff member and note ('new' for the note not saved yet), as on the server: a browser two
 * staff members share offers each only their own.
 */
const keyOf = (owner: number, id: number | 'new') => `note-draft:${owner}:${id}`;

export function readLocalCopy(owner: number, id: number | 'new'): NoteAutosave | null {
  try {
    const text = window.localStorage.getItem(keyOf(owner, id));
    const copy = text ? (JSON.parse(text) as NoteAutosave) : null;
    return copy && typeof copy.saved_at === 'string' && typeof copy.input?.body === 'string' ? copy : null;
  } catch {
    return null;
  }
}

export function writeLocalCopy(owner: number, id: number | 'new', copy: NoteAutosave): void {
  try {
    window.localStorage.setItem(keyOf(owner, id), JSON.stringify(copy));
  } catch {
    // Storage full or refused (private browsing): the server's copy is the only one.
  }
}

export function removeLocalCopy(owner: number, id: number | 'new'): void {
  try {
    window.localStorage.removeItem(keyOf(owner, id));
  } catch {
    // Nothing was kept.
  }
}

/** The newer of the server's and this browser's copies. */
export const newerCopy = (a: NoteAutosave | null | undefined, b: NoteAutosave | null | undefined): NoteAutosave | null =>
  !a ? (b ?? null) : !b ? a : Date.parse(b.saved_at) > Date.parse(a.saved_at) ? b : a;
