import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import type { NotebookPreview } from '@/contract/notebooks';
import { failureMessage, fieldMessage } from '@/lib/api/errors';
import { useCreateNoteFromNotebookMutation, usePreviewNotebookMutation } from '@/lib/api/notesManageApi';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { Alert, Button, CheckboxField, Muted, NoteProse, Prose, Row, Stack, TextField } from '@/ui';

/** The fields the server reads a notebook from. */
function notebookForm(file: File, hideCode: boolean, title?: string): FormData {
  const form = new FormData();
  form.append('file', file);
  form.append('hide_code', hideCode ? 'true' : 'false');
  if (title !== undefined) form.append('title', title);
  return form;
}

/**
 * A new note from a Jupyter notebook: the file is rendered by the server as the note would be
 * (pictures as boxes until saved), its title taken from the first heading and editable, and a
 * draft is made only when asked. The editor then opens it.
 */
export function NotebookImport() {
  const navigate = useNavigate();
  const [render, rendering] = usePreviewNotebookMutation();
  const [create, creating] = useCreateNoteFromNotebookMutation();
  const [file, setFile] = useState<File | null>(null);
  const [hideCode, setHideCode] = useState(false);
  const [title, setTitle] = useState('');
  const [preview, setPreview] = useState<NotebookPreview | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const show = async (chosen: File | null, hide: boolean) => {
    setPreview(null);
    setProblems([]);
    setFailure(null);
    if (!chosen) return;
    try {
      const answer = await render(notebookForm(chosen, hide)).unwrap();
      setPreview(answer);
      setProblems(answer.problems);
      setTitle((current) => current || answer.title);
    } catch (error) {
      const problemsOf = (error as { data?: { file?: string[] } }).data?.file;
      if (problemsOf) setProblems(problemsOf);
      else setFailure(failureMessage('The notebook could not be read.', error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setFailure(null);
    try {
      const note = await create(notebookForm(file, hideCode, title.trim())).unwrap();
      navigate(paths.editNote(note.id));
    } catch (error) {
      const problemsOf = (error as { data?: { file?: string[] } }).data?.file;
      if (problemsOf) setProblems(problemsOf);
      else setFailure(fieldMessage(error, ['title', 'slug']) ?? failureMessage('The note could not be made.', error));
    }
  };

  return (
    <section aria-labelledby="notebook-import-heading">
      <h2 id="notebook-import-heading">New note from a notebook</h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextField
            label="Notebook (.ipynb)"
            type="file"
            accept=".ipynb,application/x-ipynb+json"
            hint="Cells tagged remove-cell, remove-input, remove-output or hide-input are treated as Jupyter Book does."
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              setTitle('');
              void show(chosen, hideCode);
            }}
          />
          <CheckboxField
            label="Hide all code"
            checked={hideCode}
            onChange={(event) => {
              const hide = event.currentTarget.checked;
              setHideCode(hide);
              void show(file, hide);
            }}
          />
          {rendering.isLoading && <Muted>Reading the notebook...</Muted>}
          {failure && <Alert tone="error">{failure}</Alert>}
          {problems.length > 0 && (
            <Alert tone="error">
              Put these right in the notebook first:
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          )}
          {preview && (
            <>
              <TextField label="Title" value={title} required onChange={(event) => setTitle(event.currentTarget.value)} />
              <Muted>
                {[
                  preview.kernel && `Kernel: ${preview.kernel}.`,
                  preview.last_run && `Last run ${formatDateTime(preview.last_run)}.`,
                  `${preview.pictures} picture${preview.pictures === 1 ? '' : 's'} go to the photo library on saving.`,
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Muted>
              <section aria-label="Notebook preview">
                <Prose>
                  <NoteProse dangerouslySetInnerHTML={{ __html: preview.html }} />
                </Prose>
              </section>
              <Row>
                <Button type="submit" disabled={creating.isLoading || problems.length > 0 || !title.trim()}>
                  {creating.isLoading ? 'Saving...' : 'Save as draft'}
                </Button>
              </Row>
            </>
          )}
        </Stack>
      </form>
    </section>
  );
}
