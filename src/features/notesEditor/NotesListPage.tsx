import { useState } from 'react';

import type { StaffNoteSummary } from '@/contract/notes';
import { failureMessage } from '@/lib/api/errors';
import { useGetStaffNotesQuery } from '@/lib/api/notesManageApi';
import { formatDateTime } from '@/lib/dates';
import { PathLink } from '@/lib/PathLink';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Alert, ButtonLink, DeleteButton, FormAlert, type FormMessage, hiddenHeading, LoadingText, Muted, Page, Row, Stack, StaffIntro, Table } from '@/ui';

import { DeleteNoteDialog } from './DeleteNoteDialog';
import { NOTE_EDITOR_MESSAGES } from './messages';
import { statusText } from './noteStatus';
import { useHandedOver } from './useHandedOver';

/** What the editor hands over when it leaves for the list. */
export interface ListState {
  deleted: boolean;
}

/** Staff screen listing every note, drafts and scheduled ones included, to write, edit, view and delete. */
export function NotesListPage() {
  useDocumentTitle('Notes');
  const notes = useGetStaffNotesQuery();
  const { deleted } = useHandedOver<ListState>();
  const [message, setMessage] = useState<FormMessage | null>(deleted ? { tone: 'success', text: NOTE_EDITOR_MESSAGES.deleted } : null);
  const [deleting, setDeleting] = useState<StaffNoteSummary | null>(null);

  return (
    <Page>
      <Stack>
        <StaffIntro title="Notes">
          Your research notes in Markdown, with mathematics, code, pictures and charts. Drafts and scheduled notes are seen by staff only.
        </StaffIntro>
        <Row>
          <ButtonLink as={PathLink} to={paths.newNote}>
            New note
          </ButtonLink>
        </Row>
        <section aria-labelledby="notes-list-heading">
          <h2 id="notes-list-heading">All notes</h2>
          <FormAlert message={message} onDismiss={() => setMessage(null)} />
          {notes.isLoading && <LoadingText>Loading notes...</LoadingText>}
          {notes.isError && <Alert tone="error">{failureMessage(NOTE_EDITOR_MESSAGES.listFailed, notes.error)}</Alert>}
          {notes.data?.length === 0 && <Muted>No notes yet. Write the first with New note.</Muted>}
          {notes.data && notes.data.length > 0 && (
            <Table caption="Notes" columns={['Title', 'Status', 'Last updated', hiddenHeading('Actions')]}>
              <tbody>
                {notes.data.map((note) => (
                  <tr key={note.id}>
                    <td data-label="Title">{note.title || 'Untitled'}</td>
                    <td data-label="Status">{statusText(note)}</td>
                    <td data-label="Last updated">
                      <time dateTime={note.updated_at}>{formatDateTime(note.updated_at)}</time>
                    </td>
                    <td data-label="Actions">
                      <Row $gap={2}>
                        <ButtonLink as={PathLink} to={paths.editNote(note.id)} $variant="secondary" $size="sm">
                          Edit<span className="visually-hidden"> {note.title}</span>
                        </ButtonLink>
                        {note.status === 'published' && (
                          <ButtonLink as={PathLink} to={paths.note(note.slug)} $variant="secondary" $size="sm">
                            View<span className="visually-hidden"> {note.title}</span>
                          </ButtonLink>
                        )}
                        <DeleteButton name={note.title} onClick={() => setDeleting(note)} />
                      </Row>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      </Stack>
      <DeleteNoteDialog
        note={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setMessage({ tone: 'success', text: NOTE_EDITOR_MESSAGES.deleted });
        }}
      />
    </Page>
  );
}
