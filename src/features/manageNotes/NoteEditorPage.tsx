import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { failureMessage, isNotFound } from '@/lib/api/errors';
import { useGetNoteAutosaveQuery, useGetStaffNoteQuery } from '@/lib/api/notesManageApi';
import { PathLink } from '@/lib/PathLink';
import { useAuth } from '@/lib/session/AuthProvider';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Page } from '@/ui';

import { newerCopy, readLocalCopy } from './localCopy';
import { NOTE_EDITOR_MESSAGES } from './messages';
import { NoteEditor } from './NoteEditor';

const validId = (text: string) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined);

/**
 * The newest copy of the owner's unsaved changes to a note, the server's or this browser's; undefined
 * until the server has answered (a failure to answer counts as none there: this browser's copy still counts).
 */
function useRecoveredCopy(id: number | 'new' | undefined) {
  const server = useGetNoteAutosaveQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const owner = useAuth().user?.id ?? 0;
  const answered = server.isSuccess || server.isError;
  const recovered = useMemo(
    () => (answered && id !== undefined ? newerCopy(server.data, readLocalCopy(owner, id)) : undefined),
    // Read again whenever the server answers again (a reload of the note).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answered, server.data, server.fulfilledTimeStamp, owner, id],
  );
  return { recovered, refetch: server.refetch };
}

/** A new note, with the changes kept of the last one not saved. */
function NewNote() {
  const { recovered } = useRecoveredCopy('new');
  if (recovered === undefined)
    return (
      <Page>
        <LoadingText>Loading the note...</LoadingText>
      </Page>
    );
  return <NoteEditor recovered={recovered} />;
}

/** A saved note, loaded for editing; Reload (after someone else saved) starts the editor again from the note as it is now. */
function EditNote({ id }: { id: number | undefined }) {
  const note = useGetStaffNoteQuery(id ?? skipToken);
  const copy = useRecoveredCopy(id);
  const [generation, setGeneration] = useState(0);
  // Once loaded, the editor stays up whatever a later refetch answers: it holds the owner's edits.
  if (note.data && copy.recovered !== undefined) {
    // The kept changes come back with the note as it is now, to be kept over it or discarded.
    const reload = () => void Promise.all([note.refetch(), copy.refetch()]).then(() => setGeneration((count) => count + 1));
    return <NoteEditor key={`${id}-${generation}`} note={note.data} recovered={copy.recovered} onReload={reload} />;
  }
  if (id === undefined || isNotFound(note.error))
    return (
      <Page>
        <Alert tone="error">{NOTE_EDITOR_MESSAGES.notFound}</Alert>
        <PathLink to={paths.manageNotes}>← All notes</PathLink>
      </Page>
    );
  if (note.isError)
    return (
      <Page>
        <Alert tone="error">{failureMessage(NOTE_EDITOR_MESSAGES.loadFailed, note.error)}</Alert>
      </Page>
    );
  return (
    <Page>
      <LoadingText>Loading the note...</LoadingText>
    </Page>
  );
}

/** Staff screen for one note: a new one at /manage-notes/new, a saved one at its id. */
export function NoteEditorPage() {
  const { id } = useParams();
  useDocumentTitle(id === undefined ? 'New note' : 'Edit note');
  return id === undefined ? <NewNote key="new" /> : <EditNote key={id} id={validId(id)} />;
}
