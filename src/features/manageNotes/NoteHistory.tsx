import { useState } from 'react';

import type { NoteRevision } from '@/contract/notes';
import { failureMessage } from '@/lib/api/errors';
import { useGetNoteRevisionsQuery } from '@/lib/api/notesManageApi';
import { Alert, Button, HistoryTable, LoadingText } from '@/ui';

import { NOTE_EDITOR_MESSAGES } from './messages';
import { RevisionCompare } from './RevisionCompare';

/**
 * The note's saved revisions, newest first (the first is the note as saved now). Each can be compared
 * with the editor's text, and an earlier one restored as a new revision once edits are saved or discarded.
 */
export function NoteHistory({
  noteId,
  currentRevision,
  current,
  onRestore,
  blocked,
  restoring,
}: {
  noteId: number;
  currentRevision: number;
  current: { title: string; body: string };
  onRestore: (revision: NoteRevision) => void;
  blocked: boolean;
  restoring: boolean;
}) {
  const revisions = useGetNoteRevisionsQuery(noteId);
  const [comparing, setComparing] = useState<NoteRevision | null>(null);
  if (revisions.isLoading) return <LoadingText>Loading revisions...</LoadingText>;
  if (revisions.isError) return <Alert tone="error">{failureMessage(NOTE_EDITOR_MESSAGES.historyFailed, revisions.error)}</Alert>;
  const list = revisions.data ?? [];
  return (
    <>
      <HistoryTable
        versions={list}
        restoreLabel="Restore"
        restoreName={(savedAt) => `Restore the revision of ${savedAt}`}
        onRestore={onRestore}
        canRestore={(revision) => revision.id !== currentRevision}
        blocked={blocked}
        blockedNote={NOTE_EDITOR_MESSAGES.restoreBlocked}
        restoring={restoring}
        extraActions={(revision, savedAt) => (
          <Button $variant="secondary" $size="sm" onClick={() => setComparing(revision)} aria-label={`Compare the revision of ${savedAt}`}>
            Compare
          </Button>
        )}
      />
      <RevisionCompare revision={comparing} current={current} onClose={() => setComparing(null)} />
    </>
  );
}
