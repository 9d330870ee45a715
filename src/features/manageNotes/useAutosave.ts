import { useCallback, useEffect, useRef, useState } from 'react';

import type { NoteInput } from '@/contract/notes';
import { isNetworkError } from '@/lib/api/errors';
import { useDropNoteAutosaveMutation, useKeepNoteAutosaveMutation } from '@/lib/api/notesManageApi';
import { useAuth } from '@/lib/session/AuthProvider';

import { readLocalCopy, removeLocalCopy, writeLocalCopy } from './localCopy';

/** How long typing pauses before the changes are kept: a copy per pause, not per key. */
export const AUTOSAVE_DELAY_MS = 1000;

/** Where the latest copy of the unsaved changes went, and when. */
export type Autosaved = { where: 'server' | 'browser'; at: string; refused?: boolean } | null;

/**
 * Keeps the editor's unsaved changes as the owner types: at each pause, in this browser and then on
 * the server as the owner's private copy (the note itself, what visitors read and its revisions change
 * only on Save, so a published note never shows half-written text). While the server cannot be
 * reached the browser's copy stays; leaving the page with a pause still pending writes it at once.
 * Nothing is kept while a save is under way.
 */
export function useAutosave(id: number | 'new', input: NoteInput, dirty: boolean, saving: boolean) {
  const [keep] = useKeepNoteAutosaveMutation();
  const [drop] = useDropNoteAutosaveMutation();
  const [autosaved, setAutosaved] = useState<Autosaved>(null);
  // The editor is a staff screen: someone is signed in.
  const owner = useAuth().user?.id ?? 0;
  const pending = useRef<NoteInput | null>(null);
  const timer = useRef<number>();
  // The changes last saved or discarded: not kept again (a new note's stay in the fields as it moves to its address).
  const settled = useRef<string | null>(null);
  // How many times changes were saved or discarded: a copy sent before the last time is older than it.
  const settledTimes = useRef(0);
  const text = JSON.stringify(input);

  useEffect(() => {
    if (!dirty) {
      pending.current = null;
      setAutosaved(null);
      return undefined;
    }
    // A save under way drops the server's copy: one kept meanwhile would outlive it.
    if (saving || text === settled.current) return undefined;
    const changes = JSON.parse(text) as NoteInput;
    pending.current = changes;
    timer.current = window.setTimeout(() => {
      pending.current = null;
      const copy = { input: changes, saved_at: new Date().toISOString() };
      const round = settledTimes.current;
      writeLocalCopy(owner, id, copy);
      keep({ id, input: changes })
        .unwrap()
        .then(
          ({ saved_at }) => {
            // Saved or discarded while on its way, and kept after that save or discard dropped the copy: it
            // would be offered back as unsaved. (A saved note's server refuses one older than its save itself.)
            if (round !== settledTimes.current) return void drop(id);
            // The server holds these changes: the browser's copy is needed only while it holds newer ones.
            if (readLocalCopy(owner, id)?.saved_at === copy.saved_at) removeLocalCopy(owner, id);
            setAutosaved({ where: 'server', at: saved_at });
          },
          // A copy the server refused (over its limits) is kept here too; Save then says what is wrong with it.
          (error: unknown) => setAutosaved({ where: 'browser', at: copy.saved_at, refused: !isNetworkError(error) }),
        );
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [text, dirty, saving, owner, id, keep, drop]);

  // A reload, a closed tab or leaving the editor before the pause is over keeps the last words here.
  useEffect(() => {
    const flush = () => {
      if (pending.current) writeLocalCopy(owner, id, { input: pending.current, saved_at: new Date().toISOString() });
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [owner, id]);

  /** The changes were saved (the server dropped its copy) or discarded (`everywhere`: the server's copy too). */
  const forget = useCallback(
    (everywhere: boolean) => {
      pending.current = null;
      settled.current = text;
      settledTimes.current += 1;
      window.clearTimeout(timer.current);
      removeLocalCopy(owner, id);
      setAutosaved(null);
      if (everywhere) void drop(id);
    },
    [owner, id, drop, text],
  );

  return { autosaved, forget };
}
