import { useState } from 'react';

import { formatDateTime } from '@/contract/dates';
import type { StaffNoteSummary } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { useGetStaffNotesQuery } from '@/lib/api/notesManageApi';
import { PathLink } from '@/lib/PathLink';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Button, ButtonLink, CollectionList, DeleteButton, FormAlert, type FormMessage, hiddenHeading, Page, Row, Stack, StaffIntro } from '@/ui';

import { DeleteNoteDialog } from './DeleteNoteDialog';
import { NOTE_EDITOR_MESSAGES } from './messages';
import { NotebookImport } from './NotebookImport';
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
  const [importing, setImporting] = useState(false);

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
          <Button type="button" $variant="secondary" aria-expanded={importing} onClick={() => setImporting((open) => !open)}>
            New note from a notebook
          </Button>
        </Row>
        {importing && <NotebookImport />}
        <CollectionList
          heading="All notes"
          list={notes}
          words={{
            loading: 'Loading notes...',
            failed: NOTE_EDITOR_MESSAGES.listFailed,
            empty: 'No notes yet. Write the first with New note.',
            caption: 'Notes',
          }}
          columns={[
            { label: 'Title', cell: (note) => note.title || 'Untitled' },
            { label: 'Status', cell: statusText },
            { label: 'Last updated', cell: (note) => <time dateTime={note.updated_at}>{formatDateTime(note.updated_at)}</time> },
          ]}
          actionsHeading={hiddenHeading('Actions')}
          actions={(note) => (
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
          )}
        >
          <FormAlert message={message} onDismiss={() => setMessage(null)} />
        </CollectionList>
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
