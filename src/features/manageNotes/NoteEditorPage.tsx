import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { failureMessage, isNotFound } from '@/lib/api/errors';
import { useGetStaffNoteQuery } from '@/lib/api/notesManageApi';
import { PathLink } from '@/lib/PathLink';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, LoadingText, Page } from '@/ui';

import { NOTE_EDITOR_MESSAGES } from './messages';
import { NoteEditor } from './NoteEditor';

const validId = (text: string) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined);

/** A saved note, loaded for editing; Reload (after someone else saved) starts the editor again from the note as it is now. */
function EditNote({ id }: { id: number | undefined }) {
  const note = useGetStaffNoteQuery(id ?? skipToken);
  const [generation, setGeneration] = useState(0);
  // Once loaded, the editor stays up whatever a later refetch answers: it holds the owner's edits.
  if (note.data) {
    const reload = () => void note.refetch().then(() => setGeneration((count) => count + 1));
    return <NoteEditor key={`${id}-${generation}`} note={note.data} onReload={reload} />;
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
  return id === undefined ? <NoteEditor key="new" /> : <EditNote key={id} id={validId(id)} />;
}
