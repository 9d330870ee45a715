import { useState } from 'react';

import type { StaffNoteSummary } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { failureMessage } from '@/lib/api/errors';
import { useDeleteNoteMutation } from '@/lib/api/notesManageApi';
import { ConfirmDelete, FormAlert, type FormMessage, Modal } from '@/ui';

import { NOTE_EDITOR_MESSAGES } from './messages';

/** Asks before a note goes for good, then deletes it; a refusal is shown in the dialog. */
export function DeleteNoteDialog({
  note,
  onClose,
  onDeleted,
}: {
  /** The note to ask about; null while the dialog is closed. */
  note: Pick<StaffNoteSummary, 'id' | 'title' | 'slug' | 'status'> | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [remove, removing] = useDeleteNoteMutation();
  const [message, setMessage] = useState<FormMessage | null>(null);

  const close = () => {
    setMessage(null);
    onClose();
  };

  const confirm = async () => {
    if (!note) return;
    try {
      await remove(note.id).unwrap();
      setMessage(null);
      onDeleted();
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(NOTE_EDITOR_MESSAGES.deleteFailed, error) });
    }
  };

  return (
    <Modal title="Delete this note?" open={note !== null} onClose={close}>
      {note && (
        <>
          <p>
            “{note.title || 'Untitled'}” and all its revisions will be deleted for good.
            {note.status === 'published' && ` Its address, ${paths.note(note.slug)}, will answer Not found.`}
          </p>
          <FormAlert message={message} />
          <ConfirmDelete label="Delete note" busy={removing.isLoading} onConfirm={() => void confirm()} onKeep={close} />
        </>
      )}
    </Modal>
  );
}
