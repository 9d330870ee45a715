import { type ChangeEvent, type ClipboardEvent, type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import { formatDateTime } from '@/contract/dates';
import { NOTE_MESSAGES, tidyTag } from '@/contract/noteRules';
import { NOTE_LIMITS, type NoteAutosave, type NoteRevision, slugFromTitle, type StaffNote } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { failureMessage, fieldProblems } from '@/lib/api/errors';
import { notesManageApi, useCreateNoteMutation, useRestoreNoteRevisionMutation, useUpdateNoteMutation } from '@/lib/api/notesManageApi';
import { PathLink } from '@/lib/PathLink';
import { useAppDispatch } from '@/lib/state';
import { theme } from '@/lib/theme/themes';
import { useUnsavedChangesGuard } from '@/lib/useUnsavedChangesGuard';
import {
  ActionBar,
  Button,
  Columns,
  FormAlert,
  type FormMessage,
  Muted,
  Page,
  Row,
  Stack,
  StaffIntro,
  SubmitButton,
  TextAreaField,
  TextField,
  useFields,
} from '@/ui';

import { CoverPicker } from './CoverPicker';
import { DeleteNoteDialog } from './DeleteNoteDialog';
import { keptAt } from './localTime';
import { MarkdownHelp } from './MarkdownHelp';
import { NOTE_EDITOR_MESSAGES } from './messages';
import { NotebookImport } from './NotebookImport';
import { blankDraft, draftFromInput, draftOf, type NoteDraft, noteInput, sameDraft, splitTags } from './noteDraft';
import { NoteHistory } from './NoteHistory';
import { NotePreview } from './NotePreview';
import type { ListState } from './NotesListPage';
import { statusText } from './noteStatus';
import { PictureDialog, type PictureSource } from './PictureDialog';
import { PublishFields } from './PublishFields';
import { RecoveredChanges } from './RecoveredChanges';
import { useAutosave } from './useAutosave';
import { useHandedOver } from './useHandedOver';

/** What a new note's first save hands over to the editor at the note's own address. */
interface EditorState {
  saved: boolean;
}

/** The server's messages by field (`body` has one per line of the note that is wrong). */
type FieldErrors = Partial<Record<string, string[]>>;

/** The fields that show their own messages; anything else the server names goes in the message above the form. */
const PLACED = ['title', 'slug', 'summary', 'tags', 'cover_image', 'body', 'publish_at'];
/** The field of the draft each placed message is about, where the server names it otherwise. */
const DRAFT_FIELD: Record<string, keyof NoteDraft> = { cover_image: 'cover', publish_at: 'publishAt' };

const statusOf = (error: unknown) => (error as { status?: unknown }).status;

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** The pictures among a paste's or a drop's files. */
const picturesIn = (files: FileList) => [...files].filter((file) => file.type.startsWith('image/'));
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`;

/** Markdown is written in a fixed-width face, in a box tall enough for a section at a time. */
const BodyField = styled.div`
  textarea {
    min-height: 28rem;
    font-family: ${theme.fonts.mono};
    font-size: ${theme.fontSizes.xs};
    line-height: 1.55;
  }
`;

/** The body's own buttons, between its hint and the syntax help. */
const BodyTools = styled(Row)`
  margin: -${theme.space[2]} 0 ${theme.space[4]};
`;

/** A wide formula, table or code line scrolls in its own box instead of widening the whole page. */
const Form = styled.form`
  min-width: 0;
`;

/**
 * Writing one note: its details, the Markdown body beside the server's preview, publishing, and
 * (once saved) its revisions. Leaving with unsaved edits asks first; they are kept as the owner types
 * (useAutosave), and `recovered`, the newest copy kept, is offered back when the editor opens. Ctrl+S
 * (⌘S) saves; a picture pasted or dropped into the body joins the photo library and the body.
 */
export function NoteEditor({ note, recovered, onReload }: { note?: StaffNote; recovered?: NoteAutosave | null; onReload?: () => void }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { saved: justCreated } = useHandedOver<EditorState>();
  const [create, creating] = useCreateNoteMutation();
  const [update, updating] = useUpdateNoteMutation();
  const [restore, restoring] = useRestoreNoteRevisionMutation();
  const [base, setBase] = useState(note);
  // A kept copy that differs from the note is offered back; one that does not is old news.
  const [recovery, setRecovery] = useState(() =>
    recovered && !sameDraft(draftFromInput(recovered.input), note ? draftOf(note) : blankDraft()) ? recovered : null,
  );
  // Changes made on the note as it still is are back in the fields at once. Changes made before
  // someone's later save wait for the owner's word, the note shown as it is now: keeping them then
  // saves over that version (which the history keeps), never unseen.
  const [recoveryStale] = useState(() => recovery !== null && note !== undefined && recovery.input.revision !== note.revision);
  const { fields, setFields, bind } = useFields<NoteDraft>(recovery && !recoveryStale ? draftFromInput(recovery.input) : note ? draftOf(note) : blankDraft());
  // A new note's address follows its title until the owner types one.
  const [slugByHand, setSlugByHand] = useState(() => (recovery ? recovery.input.slug !== slugFromTitle(recovery.input.title) : false));
  const [picture, setPicture] = useState<PictureSource | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const bodyBox = useRef<HTMLDivElement>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  const caretAfterInsert = useRef<number | null>(null);
  // Each message with the fields as they were when it was given: a field changed since shows no message.
  const [errors, setErrorState] = useState<{ problems: FieldErrors; given: NoteDraft }>(() => ({ problems: {}, given: fields }));
  const setErrors = (problems: FieldErrors) => setErrorState({ problems, given: fields });
  const [message, setMessage] = useState<FormMessage | null>(justCreated ? { tone: 'success', text: NOTE_EDITOR_MESSAGES.saved } : null);
  const [stale, setStale] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [fromNotebook, setFromNotebook] = useState(false);
  const previewHeading = useId();
  const dirty = !sameDraft(fields, base ? draftOf(base) : blankDraft());
  useUnsavedChangesGuard(dirty);

  const saving = creating.isLoading || updating.isLoading;
  const { autosaved, forget } = useAutosave(base?.id ?? 'new', noteInput(fields, base?.revision), dirty, saving);
  const errorOf = (field: string) => {
    const draftField = DRAFT_FIELD[field] ?? (field as keyof NoteDraft);
    return fields[draftField] === errors.given[draftField] ? errors.problems[field]?.join('\n') : undefined;
  };

  const replaceWith = (saved: StaffNote) => {
    setBase(saved);
    setFields(draftOf(saved));
    setErrors({});
  };

  const discard = () => {
    setRecovery(null);
    forget(true);
    if (base) return replaceWith(base);
    setFields(blankDraft());
    setSlugByHand(false);
    setErrors({});
  };

  const keepRecovered = () => {
    if (recovery && recoveryStale) setFields(draftFromInput(recovery.input));
    setRecovery(null);
  };

  const failed = (failure: string, error: unknown) => {
    setStale(statusOf(error) === 409);
    setMessage({ tone: 'error', text: failureMessage(failure, error, ['detail', ...PLACED]) });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setStale(false);
    setErrors({});
    // Past twice the limit the server's schema would refuse it before the service, in characters, not in KB.
    if (bytesOf(fields.body) > NOTE_LIMITS.bodyBytes) {
      setErrors({ body: [NOTE_MESSAGES.bodyTooLong] });
      setMessage({ tone: 'error', text: [NOTE_EDITOR_MESSAGES.problems] });
      return;
    }
    const input = noteInput(fields, base?.revision);
    try {
      const saved = base ? await update({ id: base.id, ...input }).unwrap() : await create(input).unwrap();
      // The server dropped its copy of these changes with the save; this browser's goes too.
      forget(false);
      setRecovery(null);
      if (!base) {
        // The new note moves to its own address; its editor starts from the note as saved, at once.
        await dispatch(notesManageApi.util.upsertQueryData('getStaffNote', saved.id, saved));
        navigate(paths.editNote(saved.id), { replace: true, state: { saved: true } satisfies EditorState });
        return;
      }
      replaceWith(saved);
      setMessage({ tone: 'success', text: NOTE_EDITOR_MESSAGES.saved });
    } catch (error) {
      const fieldErrors = fieldProblems<FieldErrors>(error);
      if (!fieldErrors) return failed(NOTE_EDITOR_MESSAGES.saveFailed, error);
      setErrors(fieldErrors);
      const unplaced = Object.entries(fieldErrors).flatMap(([field, messages]) => (PLACED.includes(field) ? [] : (messages ?? [])));
      setMessage({ tone: 'error', text: [NOTE_EDITOR_MESSAGES.problems, ...unplaced] });
    }
  }

  async function restoreRevision(revision: NoteRevision) {
    if (!base) return;
    setMessage(null);
    setStale(false);
    try {
      replaceWith(await restore({ id: base.id, revision: revision.id, started_from: base.revision }).unwrap());
      setMessage({ tone: 'success', text: NOTE_EDITOR_MESSAGES.restored(formatDateTime(revision.saved_at)) });
    } catch (error) {
      failed(NOTE_EDITOR_MESSAGES.restoreFailed, error);
    }
  }

  const onTitle = (event: ChangeEvent<HTMLInputElement>) => {
    const title = event.target.value;
    setFields((current) => ({ ...current, title, slug: base || slugByHand ? current.slug : slugFromTitle(title) }));
  };
  const onSlug = (event: ChangeEvent<HTMLInputElement>) => {
    setSlugByHand(event.target.value !== '');
    bind('slug').onChange(event);
  };

  // Ctrl+S (⌘S on a Mac) saves, wherever the focus is, instead of the browser saving the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!saving && !picture) form.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saving, picture]);

  const bodyArea = () => bodyBox.current?.querySelector('textarea') ?? null;
  const rememberCaret = (area: HTMLTextAreaElement | null) => {
    caret.current = area ? { start: area.selectionStart, end: area.selectionEnd } : null;
  };
  const pictureFrom = (files: FileList, event: ClipboardEvent | DragEvent) => {
    const [file] = picturesIn(files);
    if (!file) return;
    event.preventDefault();
    rememberCaret(event.currentTarget as HTMLTextAreaElement);
    setPicture({ file });
  };
  /** `![what it shows](photo:ID)` where the caret was, and the caret after it. */
  const insertPicture = (markdown: string) => {
    setPicture(null);
    setFields((current) => {
      const { start, end } = caret.current ?? { start: current.body.length, end: current.body.length };
      caretAfterInsert.current = start + markdown.length;
      return { ...current, body: current.body.slice(0, start) + markdown + current.body.slice(end) };
    });
  };
  useEffect(() => {
    const area = bodyArea();
    if (caretAfterInsert.current === null || !area) return;
    area.focus();
    area.setSelectionRange(caretAfterInsert.current, caretAfterInsert.current);
    caretAfterInsert.current = null;
  }, [fields.body]);

  const tags = splitTags(fields.tags).map(tidyTag).filter(Boolean);
  const bodySize = bytesOf(fields.body);

  return (
    <Page>
      <Stack>
        <StaffIntro title={base ? 'Edit note' : 'New note'} back={{ to: paths.manageNotes, label: 'All notes' }}>
          {base ? (
            <>
              {statusText(base)}, last saved {formatDateTime(base.updated_at)}.{' '}
              {base.status === 'published' && <PathLink to={paths.note(base.slug)}>View the note</PathLink>}
            </>
          ) : (
            'Only staff see a note until it is published.'
          )}
        </StaffIntro>
        {recovery && <RecoveredChanges savedAt={recovery.saved_at} stale={recoveryStale} onKeep={keepRecovered} onDiscard={discard} />}
        <FormAlert message={message} onDismiss={() => setMessage(null)}>
          {stale && onReload && (
            <Button $variant="secondary" $size="sm" onClick={onReload}>
              Reload the note
            </Button>
          )}
        </FormAlert>
        {base && (
          <Row>
            <Button $variant="secondary" aria-expanded={fromNotebook} onClick={() => setFromNotebook((open) => !open)}>
              Replace from a notebook
            </Button>
          </Row>
        )}
        {base && fromNotebook && (
          <NotebookImport
            replace={{
              note: base,
              blocked: dirty,
              onReplaced: (saved) => {
                replaceWith(saved);
                setFromNotebook(false);
                setMessage({ tone: 'success', text: NOTE_EDITOR_MESSAGES.replaced });
              },
            }}
          />
        )}
        <Form ref={form} aria-label="Note" noValidate onSubmit={(event) => void submit(event)}>
          <Columns $min="18rem">
            <TextField label="Title" required maxLength={NOTE_LIMITS.title} error={errorOf('title')} {...bind('title')} onChange={onTitle} />
            <TextField
              label="Address"
              spellCheck={false}
              autoCapitalize="none"
              maxLength={NOTE_LIMITS.slug}
              hint={
                <>
                  {/* Shown as typed: the address bar shows it so, not percent-encoded. */}
                  The note is read at {decodeURI(paths.note(fields.slug || '…'))}.
                  {base?.published_at && ' It has been published: if you change the address, the old one keeps working and leads to the new one.'}
                  {base && base.old_slugs.length > 0 && ` Earlier addresses that lead here: ${base.old_slugs.map(paths.note).join(', ')}.`}
                </>
              }
              error={errorOf('slug')}
              {...bind('slug')}
              onChange={onSlug}
            />
          </Columns>
          <Columns $min="18rem">
            <TextAreaField
              label="Summary"
              rows={2}
              maxLength={NOTE_LIMITS.summary}
              hint="Shown in lists of notes and link previews."
              error={errorOf('summary')}
              {...bind('summary')}
            />
            <TextField
              label="Tags"
              hint={`Separated by commas, at most ${NOTE_LIMITS.tags}.${tags.length ? ` Saved as: ${tags.join(', ')}.` : ''}`}
              error={errorOf('tags')}
              {...bind('tags')}
            />
          </Columns>
          <CoverPicker value={fields.cover} onChange={(cover) => setFields((current) => ({ ...current, cover }))} error={errorOf('cover_image')} />
          <Columns $min="26rem">
            <BodyField ref={bodyBox}>
              <TextAreaField
                label="Body"
                rows={24}
                spellCheck
                hint={`Markdown: ${kilobytes(bodySize)} of ${NOTE_LIMITS.bodyBytes / 1000} KB. Paste or drop a picture to add it. The syntax beyond plain Markdown is below.`}
                error={errorOf('body')}
                {...bind('body')}
                onPaste={(event) => pictureFrom(event.clipboardData.files, event)}
                onDragOver={(event) => {
                  // Dropping files is allowed here (the browser would otherwise open the picture instead).
                  if (event.dataTransfer.types.includes('Files')) event.preventDefault();
                }}
                onDrop={(event) => pictureFrom(event.dataTransfer.files, event)}
                // Where a picture from the library goes: where the owner left the text (its end if they never were in it).
                onBlur={(event) => rememberCaret(event.currentTarget)}
              />
              <BodyTools>
                <Button $variant="secondary" $size="sm" aria-haspopup="dialog" onClick={() => setPicture({ library: true })}>
                  Picture
                </Button>
              </BodyTools>
              <MarkdownHelp />
            </BodyField>
            <NotePreview body={fields.body} headingId={previewHeading} />
          </Columns>
          <PublishFields
            status={base?.status}
            publish={fields.publish}
            publishAt={fields.publishAt}
            onPublish={(publish) => setFields((current) => ({ ...current, publish }))}
            onPublishAt={(publishAt) => setFields((current) => ({ ...current, publishAt }))}
            error={errorOf('publish_at')}
          />
          <ActionBar>
            <SubmitButton busy={saving} busyText="Saving...">
              Save
            </SubmitButton>
            <Button $variant="ghost" disabled={!dirty} onClick={discard}>
              Discard changes
            </Button>
            {dirty && <Muted>Unsaved changes</Muted>}
            {dirty && autosaved && (
              <Muted>
                {autosaved.where === 'server'
                  ? NOTE_EDITOR_MESSAGES.keptOnServer(keptAt(autosaved.at))
                  : autosaved.refused
                    ? NOTE_EDITOR_MESSAGES.keptInBrowserRefused(keptAt(autosaved.at))
                    : NOTE_EDITOR_MESSAGES.keptInBrowser(keptAt(autosaved.at))}
              </Muted>
            )}
          </ActionBar>
        </Form>
        {base && (
          <Row>
            <Button $variant="danger" onClick={() => setDeleting(true)}>
              Delete note
            </Button>
          </Row>
        )}
        {base && (
          <section aria-labelledby="note-history">
            <h2 id="note-history">History</h2>
            <NoteHistory
              noteId={base.id}
              currentRevision={base.revision}
              current={{ title: fields.title, body: fields.body }}
              onRestore={(revision) => void restoreRevision(revision)}
              blocked={dirty}
              restoring={restoring.isLoading}
            />
          </section>
        )}
      </Stack>
      <PictureDialog source={picture} onClose={() => setPicture(null)} onPicture={insertPicture} />
      <DeleteNoteDialog
        note={deleting && base ? base : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(paths.manageNotes, { state: { deleted: true } satisfies ListState })}
      />
    </Page>
  );
}
