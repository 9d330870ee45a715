import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import { formatDateTime } from '@/contract/dates';
import { type FigureAlt, NOTEBOOK_LIMITS, NOTEBOOK_MESSAGES, type NotebookFigure, type NotebookPreview } from '@/contract/notebooks';
import type { StaffNote } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { failureMessage, fieldMessage, fieldProblems } from '@/lib/api/errors';
import { useCreateNoteFromNotebookMutation, usePreviewNotebookMutation, useReplaceNoteFromNotebookMutation } from '@/lib/api/notesManageApi';
import { theme } from '@/lib/theme/themes';
import { Alert, CheckboxField, FieldHint, Group, MathStyles, Muted, NoteProse, Prose, Row, Stack, SubmitButton, TextAreaField, TextField } from '@/ui';

import { figurePictures, needsAlt } from './notebookFigures';

/** Where a figure is in the notebook, as the server names it: by cell and output, or by cell and attachment. */
const placeOf = (figure: Pick<NotebookFigure, 'cell' | 'output' | 'attachment'>) =>
  figure.output === null ? `${figure.cell} attachment ${figure.attachment ?? ''}` : `${figure.cell} output ${figure.output}`;

/** The fields the server reads a notebook from. */
function notebookForm(file: File, hideCode: boolean, extra: { title?: string; alts?: FigureAlt[]; revision?: number } = {}): FormData {
  const form = new FormData();
  form.append('file', file);
  form.append('hide_code', hideCode ? 'true' : 'false');
  if (extra.title !== undefined) form.append('title', extra.title);
  if (extra.alts?.length) form.append('alt', JSON.stringify(extra.alts));
  if (extra.revision !== undefined) form.append('revision', String(extra.revision));
  return form;
}

/** A wide table or code line of the preview scrolls in its own box instead of widening the whole screen. */
const Section = styled.section`
  min-width: 0;
`;

const Figure = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  img {
    display: block;
    max-width: 100%;
    max-height: 18rem;
    width: auto;
    height: auto;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    /* Plots are drawn for a white page, often with a transparent background. */
    background: #fff;
  }
`;

/** What replacing a saved note's body needs: the note, whether the editor holds unsaved edits, and what to do with the note saved. */
interface Replacing {
  note: StaffNote;
  blocked: boolean;
  onReplaced: (note: StaffNote) => void;
}

/**
 * A note from a Jupyter notebook: the file is rendered by the server as the note would be (pictures
 * as boxes until saved), and each figure without alt text is shown with a field to describe it. A new
 * note takes its title from the first heading (editable) and is saved as a draft, which the editor
 * then opens; with `replace`, the saved note's body is made again from the notebook.
 */
export function NotebookImport({ replace }: { replace?: Replacing }) {
  const navigate = useNavigate();
  const [render, rendering] = usePreviewNotebookMutation();
  const [create, creating] = useCreateNoteFromNotebookMutation();
  const [replaceBody, replacing] = useReplaceNoteFromNotebookMutation();
  const [file, setFile] = useState<File | null>(null);
  const [hideCode, setHideCode] = useState(false);
  const [title, setTitle] = useState('');
  const [preview, setPreview] = useState<NotebookPreview | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  /** The staff's alt text by the figure's place. */
  const [alts, setAlts] = useState<Record<string, string>>({});
  /** Messages by figure number. */
  const [altErrors, setAltErrors] = useState<Record<number, string>>({});
  const [pictures, setPictures] = useState<Map<number, string>>(new Map());
  const [focusRequest, setFocusRequest] = useState(0);
  const latest = useRef(0);
  const figuresRef = useRef<HTMLDivElement>(null);
  const saving = creating.isLoading || replacing.isLoading;
  const headingId = replace ? 'notebook-replace-heading' : 'notebook-import-heading';
  const undescribed = preview?.figures.filter(needsAlt) ?? [];

  // After a refused save, the first figure still to describe takes the focus, its message read with it.
  useEffect(() => {
    if (focusRequest) figuresRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const show = async (chosen: File | null, hide: boolean) => {
    const request = (latest.current += 1);
    setPreview(null);
    setProblems([]);
    setFailure(null);
    setAltErrors({});
    if (!chosen) return;
    try {
      const answer = await render(notebookForm(chosen, hide)).unwrap();
      if (request !== latest.current) return;
      setPreview(answer);
      setProblems(answer.problems);
      setTitle((current) => current || answer.title);
      const shown = await figurePictures(chosen, answer.figures.filter(needsAlt));
      if (request === latest.current) setPictures(shown);
    } catch (error) {
      if (request !== latest.current) return;
      const problemsOf = fieldProblems(error)?.file;
      if (problemsOf) setProblems(problemsOf);
      else setFailure(failureMessage('The notebook could not be read.', error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !preview) return;
    setFailure(null);
    const missing = undescribed.filter((figure) => !(alts[placeOf(figure)] ?? '').trim());
    setAltErrors(Object.fromEntries(missing.map((figure) => [figure.number, NOTEBOOK_MESSAGES.altMissing(figure.number, figure.cell)])));
    if (missing.length) {
      setFocusRequest((count) => count + 1);
      return;
    }
    const given = undescribed.map((figure) => ({
      cell: figure.cell,
      ...(figure.output === null ? { attachment: figure.attachment ?? '' } : { output: figure.output }),
      alt: alts[placeOf(figure)].trim(),
    }));
    try {
      if (replace) {
        const form = notebookForm(file, hideCode, { alts: given, revision: replace.note.revision });
        replace.onReplaced(await replaceBody({ id: replace.note.id, form }).unwrap());
      } else {
        const note = await create(notebookForm(file, hideCode, { title: title.trim(), alts: given })).unwrap();
        navigate(paths.editNote(note.id));
      }
    } catch (error) {
      const fields = fieldProblems(error);
      const byFigure = Object.entries(fields ?? {}).filter(([field]) => /^alt\.\d+$/.test(field));
      if (byFigure.length) {
        setAltErrors(Object.fromEntries(byFigure.map(([field, messages]) => [Number(field.slice(4)), messages.join(' ')])));
        setFocusRequest((count) => count + 1);
      }
      if (fields?.file) setProblems(fields.file);
      else if (!byFigure.length) {
        const what = replace ? 'The body was not replaced.' : 'The note could not be made.';
        setFailure(fieldMessage(error, ['title', 'slug', 'alt']) ?? failureMessage(what, error));
      }
    }
  };

  const blocked = replace?.blocked ?? false;
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>{replace ? 'Replace from a notebook' : 'New note from a notebook'}</h2>
      {replace && (
        <Muted>The body is made again from the notebook; the title, address, tags and status stay, and the body as it is now stays in the history.</Muted>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
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
              setAlts({});
              setPictures(new Map());
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
              {!replace && <TextField label="Title" value={title} required onChange={(event) => setTitle(event.currentTarget.value)} />}
              <Muted>
                {[
                  preview.kernel && `Kernel: ${preview.kernel}.`,
                  preview.last_run && `Last run ${formatDateTime(preview.last_run)}.`,
                  `${preview.figures.length} picture${preview.figures.length === 1 ? '' : 's'} go to the photo library on saving.`,
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Muted>
              {undescribed.length > 0 && (
                <div ref={figuresRef}>
                  <Group legend="Describe the figures">
                    <FieldHint>
                      {undescribed.length === 1
                        ? 'This figure has no alt text in the notebook. Say what it shows'
                        : `These ${undescribed.length} figures have no alt text in the notebook. Say what each shows`}
                      : screen readers read it in place of the picture, and the photo library keeps it.
                    </FieldHint>
                    {undescribed.map((figure) => (
                      <Figure key={placeOf(figure)}>
                        {pictures.has(figure.number) && <img src={pictures.get(figure.number)} alt="" />}
                        <TextAreaField
                          label={`Describe figure ${figure.number} (cell ${figure.cell})`}
                          rows={2}
                          maxLength={NOTEBOOK_LIMITS.altChars}
                          value={alts[placeOf(figure)] ?? ''}
                          error={altErrors[figure.number]}
                          onChange={(event) => {
                            const text = event.currentTarget.value;
                            setAlts((current) => ({ ...current, [placeOf(figure)]: text }));
                          }}
                        />
                      </Figure>
                    ))}
                  </Group>
                </div>
              )}
              <Section aria-label="Notebook preview">
                <MathStyles html={preview.html} />
                <Prose>
                  <NoteProse dangerouslySetInnerHTML={{ __html: preview.html }} />
                </Prose>
              </Section>
              {Object.keys(altErrors).length > 0 && <Alert tone="error">Describe every figure before saving: see the messages beside the fields.</Alert>}
              {blocked && <Muted>Save or discard your edits to the note first.</Muted>}
              <Row>
                <SubmitButton busy={saving} busyText="Saving..." disabled={blocked || problems.length > 0 || (!replace && !title.trim())}>
                  {replace ? 'Replace the body' : 'Save as draft'}
                </SubmitButton>
              </Row>
            </>
          )}
        </Stack>
      </form>
    </Section>
  );
}
