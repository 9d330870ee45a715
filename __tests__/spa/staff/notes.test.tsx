import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { formatDate, formatDateTime } from '@/contract/dates';
import type { NoteAutosave, NoteInput, NoteRevision, Preview, StaffNote, StaffNoteSummary } from '@/contract/notes';
import { NOTE_LIMITS, NOTE_MESSAGES } from '@/contract/notes';
import { NOTE_EDITOR_MESSAGES } from '@/features/manageNotes/messages';
import { LEAVE_QUESTION } from '@/lib/useUnsavedChangesGuard';

import { server, url } from '../msw';
import { aStaffUser, renderApp, renderAsStaff, signedInAs } from '../render';
import { jsonBody, serveDelete, serveWrite } from '../writes';
import { aFile, anImage, formFields } from './fixtures';

const aNote = (overrides: Partial<StaffNote> = {}): StaffNote => ({
  id: 5,
  title: 'Volatility smiles',
  slug: 'volatility-smiles',
  summary: 'Why implied volatility is not flat.',
  tags: ['options'],
  cover_image: null,
  body: 'The smile.\n\nIt is $\\sigma(K)$.',
  status: 'draft',
  publish_at: null,
  published_at: null,
  updated_at: '2026-03-01T10:00:00.000Z',
  revision: 12,
  old_slugs: [],
  ...overrides,
});

const summaryOf = ({ id, title, slug, status, publish_at, published_at, updated_at }: StaffNote): StaffNoteSummary => ({
  id,
  title,
  slug,
  status,
  publish_at,
  published_at,
  updated_at,
});

const aPreview = (overrides: Partial<Preview> = {}): Preview => ({ html: '<p>Rendered by the server.</p>', problems: [], reading_minutes: 1, ...overrides });

/** The staff notes API with one note (or none), the photo library and a preview that renders anything. */
function serveNotes(notes: StaffNote[] = [], revisions: NoteRevision[] = []) {
  const backend = {
    notes: [...notes],
    previews: [] as string[],
    /** The server's copies of unsaved changes, by note id or 'new'; `offline` refuses to keep any. */
    autosaves: {} as Record<string, NoteAutosave>,
    kept: [] as { id: string; input: NoteInput }[],
    dropped: [] as string[],
    offline: false,
  };
  server.use(
    http.get(url('/api/notes/manage/:id/autosave/'), ({ params }) => {
      const copy = backend.autosaves[String(params.id)];
      return copy ? HttpResponse.json(copy) : new HttpResponse(null, { status: 204 });
    }),
    http.put(url('/api/notes/manage/:id/autosave/'), async ({ params, request }) => {
      if (backend.offline) return HttpResponse.error();
      const input = (await request.json()) as NoteInput;
      backend.kept.push({ id: String(params.id), input });
      backend.autosaves[String(params.id)] = { input, saved_at: new Date().toISOString() };
      return HttpResponse.json({ saved_at: backend.autosaves[String(params.id)].saved_at });
    }),
    http.delete(url('/api/notes/manage/:id/autosave/'), ({ params }) => {
      backend.dropped.push(String(params.id));
      delete backend.autosaves[String(params.id)];
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(url('/api/notes/manage/'), () => HttpResponse.json(backend.notes.map(summaryOf))),
    http.get(url('/api/notes/manage/:id/'), ({ params }) => {
      const note = backend.notes.find((candidate) => candidate.id === Number(params.id));
      return note ? HttpResponse.json(note) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.get(url('/api/notes/manage/:id/revisions/'), () => HttpResponse.json(revisions)),
    http.get(url('/api/photos/images/'), () => HttpResponse.json([anImage({ id: 10, title: 'Trading floor' })])),
    http.post(url('/api/notes/preview/'), async ({ request }) => {
      backend.previews.push(((await request.json()) as { body: string }).body);
      return HttpResponse.json(aPreview());
    }),
  );
  return backend;
}

/** Answers saves of `method path` with the note as the server would keep it. */
function serveSave(method: 'post' | 'put', path: string, answer: (body: NoteInput) => Response) {
  const sent: NoteInput[] = [];
  server.use(
    http[method](url(path), async ({ request }) => {
      const body = (await request.json()) as NoteInput;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

/** What the editor sends for a note as it is. */
const noteInputOf = (note: StaffNote): NoteInput => ({
  title: note.title,
  slug: note.slug,
  summary: note.summary,
  tags: note.tags,
  cover_image: note.cover_image,
  body: note.body,
  publish: note.status === 'published' ? 'now' : note.status === 'scheduled' ? 'schedule' : 'draft',
  publish_at: note.publish_at,
  revision: note.revision,
});

const savedFrom = (body: NoteInput, overrides: Partial<StaffNote> = {}): StaffNote =>
  aNote({
    title: body.title,
    slug: body.slug,
    summary: body.summary,
    tags: body.tags,
    cover_image: body.cover_image,
    body: body.body,
    status: body.publish === 'now' ? 'published' : body.publish === 'schedule' ? 'scheduled' : 'draft',
    publish_at: body.publish_at,
    ...overrides,
  });

/** Answers the creation of a note with note 7 as the server would keep it, which `backend` then serves. */
const serveCreate = (backend: ReturnType<typeof serveNotes>) =>
  serveSave('post', '/api/notes/manage/', (body) => {
    const note = savedFrom(body, { id: 7 });
    backend.notes.push(note);
    return HttpResponse.json(note, { status: 201 });
  });

const openEditor = async (route: string) => {
  const utils = renderAsStaff(route);
  await screen.findByRole('form', { name: 'Note' });
  return utils;
};
const save = (user: ReturnType<typeof renderAsStaff>['user']) => user.click(screen.getByRole('button', { name: 'Save' }));

describe('notes (staff list)', () => {
  it('lists every note with its status, last change and links, and is reached from the dashboard', async () => {
    serveNotes([
      aNote({ id: 1, title: 'A draft' }),
      aNote({ id: 2, title: 'Coming soon', slug: 'coming-soon', status: 'scheduled', publish_at: '2030-01-02T09:30:00.000Z' }),
      aNote({ id: 3, title: 'Out there', slug: 'out-there', status: 'published', published_at: '2026-02-10T08:00:00.000Z' }),
    ]);
    const list = renderAsStaff('/manage-notes');
    const row = async (title: string) => within((await screen.findByRole('cell', { name: title })).closest('tr') as HTMLElement);

    const draft = await row('A draft');
    expect(draft.getByRole('cell', { name: 'Draft' })).toBeInTheDocument();
    expect(draft.getByRole('cell', { name: formatDateTime('2026-03-01T10:00:00.000Z') })).toBeInTheDocument();
    expect(draft.getByRole('link', { name: 'Edit A draft' })).toHaveAttribute('href', '/manage-notes/1');
    expect(draft.queryByRole('link', { name: /^View/ })).not.toBeInTheDocument();

    const scheduled = await row('Coming soon');
    expect(scheduled.getByRole('cell', { name: `Scheduled for ${formatDateTime('2030-01-02T09:30:00.000Z')}` })).toBeInTheDocument();

    const published = await row('Out there');
    expect(published.getByRole('cell', { name: `Published ${formatDate('2026-02-10T08:00:00.000Z')}` })).toBeInTheDocument();
    expect(published.getByRole('link', { name: 'View Out there' })).toHaveAttribute('href', '/notes/out-there');
    expect(screen.getByRole('link', { name: 'New note' })).toHaveAttribute('href', '/manage-notes/new');
    list.unmount();

    server.use(http.get(url('/api/documents/downloads/'), () => HttpResponse.json({ weeks: [], documents: [] })));
    const { user } = renderAsStaff('/dashboard');
    expect(await screen.findByRole('link', { name: 'Manage notes' })).toHaveAttribute('href', '/manage-notes');
    await user.click(screen.getByRole('link', { name: 'Manage notes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes' })).toBeInTheDocument();
  });

  it('deletes a note only once the dialog is confirmed', async () => {
    const backend = serveNotes([aNote()]);
    const deleted = serveDelete('/api/notes/manage/5/', () => (backend.notes = []));
    const { user } = renderAsStaff('/manage-notes');
    await user.click(await screen.findByRole('button', { name: 'Delete Volatility smiles' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this note?' });
    expect(within(dialog).getByText('“Volatility smiles” and all its revisions will be deleted for good.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(deleted.count).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Volatility smiles' }));
    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.deleted)).toBeInTheDocument();
    expect(deleted.count).toBe(1);
    expect(await screen.findByText('No notes yet. Write the first with New note.')).toBeInTheDocument();
  });
});

describe('notes (staff editor)', () => {
  it('fills a new note’s address from its title until one is typed, saves what was written and moves to the note’s address', async () => {
    const backend = serveNotes();
    const sent = serveCreate(backend);
    const { user, router } = await openEditor('/manage-notes/new');
    expect(screen.getByRole('heading', { level: 1, name: 'New note' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Vol smile, revisited!');
    expect(screen.getByLabelText('Address')).toHaveValue('vol-smile-revisited');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(expect.stringContaining('/notes/vol-smile-revisited'));

    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'smile');
    await user.type(screen.getByLabelText('Title'), ' Again');
    expect(screen.getByLabelText('Address')).toHaveValue('smile');

    await user.type(screen.getByLabelText('Summary'), 'Short.');
    await user.type(screen.getByLabelText('Tags'), 'Option Pricing, volatility,');
    expect(screen.getByLabelText('Tags')).toHaveAccessibleDescription(expect.stringContaining('Saved as: option-pricing, volatility.'));
    const cover = screen.getByRole('group', { name: 'Cover picture' });
    expect(within(cover).getByText('ID 10')).toBeInTheDocument();
    await user.click(within(cover).getByRole('radio', { name: /Trading floor/ }));
    await user.type(screen.getByLabelText('Body'), 'Some text.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await save(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-notes/7'));
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.saved)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        title: 'Vol smile, revisited! Again',
        slug: 'smile',
        summary: 'Short.',
        tags: ['Option Pricing', 'volatility'],
        cover_image: 10,
        body: 'Some text.',
        publish: 'draft',
        publish_at: null,
      },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit note' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('sends the revision it started from, and shows the server’s messages beside their fields, the body’s by line', async () => {
    serveNotes([aNote()]);
    const sent = serveSave('put', '/api/notes/manage/5/', () =>
      HttpResponse.json(
        {
          title: [NOTE_MESSAGES.titleRequired],
          body: ['Line 3: This formula does not parse: Undefined control sequence.', 'Line 9: There is no picture photo:99 in the photo library.'],
        },
        { status: 400 },
      ),
    );
    const { user } = await openEditor('/manage-notes/5');
    expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles');
    await user.clear(screen.getByLabelText('Title'));
    await save(user);

    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.problems)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ title: '', slug: 'volatility-smiles', tags: ['options'], revision: 12, publish: 'draft', publish_at: null });
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(NOTE_MESSAGES.titleRequired);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    const body = screen.getByLabelText('Body');
    expect(body).toHaveAccessibleDescription(expect.stringContaining('Line 3: This formula does not parse: Undefined control sequence.'));
    expect(body).toHaveAccessibleDescription(expect.stringContaining('Line 9: There is no picture photo:99 in the photo library.'));
    expect(screen.getByLabelText('Title')).toHaveValue('');

    // A field changed since shows no message; the others keep theirs until the next save.
    await user.type(screen.getByLabelText('Title'), 'Smiles');
    expect(screen.getByLabelText('Title')).not.toHaveAccessibleDescription(NOTE_MESSAGES.titleRequired);
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription(expect.stringContaining('Line 3: This formula does not parse: Undefined control sequence.'));
  });

  it('says a body over the limit is too long without sending it, and keeps it in the field', async () => {
    serveNotes([aNote()]);
    const sent = serveSave('put', '/api/notes/manage/5/', (body) => HttpResponse.json(savedFrom(body)));
    const { user } = await openEditor('/manage-notes/5');
    const long = '|a|b|\n'.repeat(Math.ceil((2.5 * NOTE_LIMITS.bodyBytes) / 6));
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: long } });
    await save(user);
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.problems)).toBeInTheDocument();
    expect(screen.getByLabelText('Body')).toHaveAccessibleDescription(expect.stringContaining(NOTE_MESSAGES.bodyTooLong));
    expect(screen.getByLabelText('Body')).toHaveValue(long);
    expect(sent).toEqual([]);
  });

  it('says when someone else saved first, and reloads the note as it is now', async () => {
    const backend = serveNotes([aNote()]);
    serveSave('put', '/api/notes/manage/5/', () => HttpResponse.json({ detail: NOTE_MESSAGES.stale }, { status: 409 }));
    const { user } = await openEditor('/manage-notes/5');
    await user.type(screen.getByLabelText('Title'), ' (mine)');
    await save(user);
    expect(await screen.findByText(`${NOTE_EDITOR_MESSAGES.saveFailed} ${NOTE_MESSAGES.stale}`)).toBeInTheDocument();

    backend.notes = [aNote({ title: 'Volatility smiles (theirs)', revision: 13 })];
    await user.click(screen.getByRole('button', { name: 'Reload the note' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles (theirs)'));
    expect(screen.queryByText(NOTE_MESSAGES.stale, { exact: false })).not.toBeInTheDocument();
  });

  it('previews the body as the server renders it, with the problems a save would refuse', async () => {
    const backend = serveNotes();
    server.use(
      http.post(url('/api/notes/preview/'), async ({ request }) => {
        backend.previews.push(((await request.json()) as { body: string }).body);
        return HttpResponse.json(
          aPreview({
            html: '<p>Formula: <math><mi>x</mi></math></p>',
            problems: [{ line: 2, message: 'This formula does not parse: Expected group.' }],
            reading_minutes: 3,
          }),
        );
      }),
    );
    const { user } = await openEditor('/manage-notes/new');
    expect(screen.getByText('The preview appears here as you write.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Body'), 'Formula:\n$\\frac$');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Line 2: This formula does not parse: Expected group.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(preview).getByText('About 3 min to read')).toBeInTheDocument();
    expect(within(preview).getByText('Formula:', { exact: false })).toBeInTheDocument();
    // Typing pauses once: one call, with the whole body.
    expect(backend.previews).toEqual(['Formula:\n$\\frac$']);
  });

  it('schedules a note at the local time entered, sent as an ISO time, and shows a scheduled time back in local time', async () => {
    serveNotes([aNote()]);
    const sent = serveSave('put', '/api/notes/manage/5/', (body) => HttpResponse.json(savedFrom(body, { revision: 13 })));
    const { user } = await openEditor('/manage-notes/5');
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2030-01-02T09:30' } });
    await save(user);
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.saved)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ publish: 'schedule', publish_at: new Date(2030, 0, 2, 9, 30).toISOString(), revision: 12 });
    expect(screen.getByLabelText('Publish at')).toHaveValue('2030-01-02T09:30');
    expect(screen.getByText(`Scheduled for ${formatDateTime(new Date(2030, 0, 2, 9, 30).toISOString())}`, { exact: false })).toBeInTheDocument();
  });

  it('warns that a published note’s old address keeps working, and lists the earlier ones', async () => {
    serveNotes([aNote({ status: 'published', published_at: '2026-02-10T08:00:00.000Z', old_slugs: ['smiles'] })]);
    await openEditor('/manage-notes/5');
    const address = screen.getByLabelText('Address');
    expect(address).toHaveAccessibleDescription(expect.stringContaining('if you change the address, the old one keeps working and leads to the new one'));
    expect(address).toHaveAccessibleDescription(expect.stringContaining('Earlier addresses that lead here: /notes/smiles.'));
    expect(screen.getByRole('radio', { name: 'Published' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'View the note' })).toHaveAttribute('href', '/notes/volatility-smiles');
  });

  it('compares a revision with the text, and restores it once edits are saved or discarded', async () => {
    const revisions: NoteRevision[] = [
      { id: 12, saved_at: '2026-03-01T10:00:00.000Z', saved_by: 'owner@example.com', changed: ['Body'], title: 'Volatility smiles', body: aNote().body },
      { id: 11, saved_at: '2026-02-20T10:00:00.000Z', saved_by: 'owner@example.com', changed: ['Created'], title: 'Smiles', body: 'The smile.\n\nFirst try.' },
    ];
    serveNotes([aNote()], revisions);
    const restores = serveWrite('post', '/api/notes/manage/5/restore/', jsonBody, () =>
      HttpResponse.json(aNote({ title: 'Smiles', body: 'The smile.\n\nFirst try.', revision: 13 })),
    );
    const { user } = await openEditor('/manage-notes/5');
    const history = screen.getByRole('region', { name: 'History' });
    const earlier = formatDateTime('2026-02-20T10:00:00.000Z');
    expect(await within(history).findByRole('cell', { name: 'Created' })).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: `Restore the revision of ${formatDateTime('2026-03-01T10:00:00.000Z')}` })).not.toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: `Compare the revision of ${earlier}` }));
    const dialog = screen.getByRole('dialog', { name: `Revision of ${earlier}` });
    const changes = within(within(dialog).getByRole('list', { name: 'Changes to the text' }));
    expect(changes.getByText('− First try.', { exact: false })).toBeInTheDocument();
    expect(changes.getByText('+ It is $\\sigma(K)$.', { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.type(screen.getByLabelText('Title'), '!');
    const restore = within(history).getByRole('button', { name: `Restore the revision of ${earlier}` });
    expect(restore).toBeDisabled();
    expect(screen.getByText(NOTE_EDITOR_MESSAGES.restoreBlocked)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles');
    await user.click(restore);

    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.restored(earlier))).toBeInTheDocument();
    expect(restores).toEqual([{ revision: 11, started_from: 12 }]);
    expect(screen.getByLabelText('Title')).toHaveValue('Smiles');
    expect(screen.getByLabelText('Body')).toHaveValue('The smile.\n\nFirst try.');
  });

  it('deletes the note from the editor after asking, and returns to the list', async () => {
    const backend = serveNotes([aNote()]);
    const deleted = serveDelete('/api/notes/manage/5/', () => (backend.notes = []));
    const { user, router } = await openEditor('/manage-notes/5');
    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-notes'));
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.deleted)).toBeInTheDocument();
    expect(deleted.count).toBe(1);
  });

  it('asks before leaving unsaved edits by a link or by closing the tab, and not once they are saved', async () => {
    serveNotes([aNote()]);
    const { user, router } = await openEditor('/manage-notes/5');
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(unload()).toBe(true);

    await user.type(screen.getByLabelText('Title'), '!');
    expect(unload()).toBe(false);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('link', { name: '← All notes' }));
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    expect(router.state.location.pathname).toBe('/manage-notes/5');
    expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles!');

    await user.click(screen.getByRole('link', { name: '← All notes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-notes'));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(unload()).toBe(true);
  });
});

describe('notes (staff editor: keeping every word)', () => {
  // A copy an earlier test's editor wrote as it closed is not this test's.
  beforeEach(() => window.localStorage.clear());
  beforeAll(() => {
    // jsdom draws no pictures: the dialog's preview of a pasted file needs only an address.
    URL.createObjectURL = () => 'blob:picture';
    URL.revokeObjectURL = () => undefined;
  });

  const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  /** A time today, so that the copy is named by its time of day alone. */
  const todayAt = (hours: number, minutes: number) => {
    const date = new Date();
    date.setHours(hours, minutes, 0, 0);
    return date.toISOString();
  };
  const aPng = () => aFile('image.png', 'image/png');

  it('keeps a published note’s changes as the owner types, as a private copy: the note itself is not saved', async () => {
    const backend = serveNotes([aNote({ status: 'published', published_at: '2026-02-10T08:00:00.000Z' })]);
    const saves = serveSave('put', '/api/notes/manage/5/', (body) => HttpResponse.json(savedFrom(body)));
    const { user } = await openEditor('/manage-notes/5');
    await user.type(screen.getByLabelText('Body'), ' Half a thought');

    expect(await screen.findByText(/^Kept as you type \(at \d{1,2}:\d{2}/, {}, { timeout: 3000 })).toBeInTheDocument();
    // One copy per pause in typing, not per key.
    expect(backend.kept).toEqual([{ id: '5', input: expect.objectContaining({ body: `${aNote().body} Half a thought`, publish: 'now', revision: 12 }) }]);
    expect(saves).toEqual([]);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // The server holds it: this browser keeps none.
    expect(window.localStorage.getItem('note-draft:1:5')).toBeNull();
  });

  it('keeps the changes in this browser when the server cannot be reached, and offers them back after a reload', async () => {
    const backend = serveNotes([aNote()]);
    backend.offline = true;
    const first = await openEditor('/manage-notes/5');
    await first.user.type(screen.getByLabelText('Title'), ' (draft)');
    expect(await screen.findByText(/^Kept in this browser at .*: the server could not be reached\.$/, {}, { timeout: 3000 })).toBeInTheDocument();
    const kept = JSON.parse(window.localStorage.getItem('note-draft:1:5') ?? 'null') as NoteAutosave;
    expect(kept.input).toMatchObject({ title: 'Volatility smiles (draft)', revision: 12 });
    first.unmount();

    const { user } = await openEditor('/manage-notes/5');
    expect(screen.getByText(`Recovered unsaved changes from ${clock(kept.saved_at)}.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles (draft)');
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles');
    expect(screen.queryByText(/Recovered unsaved changes/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem('note-draft:1:5')).toBeNull();
    expect(backend.dropped).toEqual(['5']);
  });

  it('says when the server answered but refused the copy, which this browser keeps', async () => {
    serveNotes([aNote()]);
    server.use(http.put(url('/api/notes/manage/:id/autosave/'), () => HttpResponse.json({ body: ['The body is too long.'] }, { status: 400 })));
    const { user } = await openEditor('/manage-notes/5');
    await user.type(screen.getByLabelText('Title'), ' (draft)');
    expect(
      await screen.findByText(/^Kept in this browser at .*: the server refused this copy \(Save says why\)\.$/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('note-draft:1:5') ?? 'null')).toMatchObject({ input: { title: 'Volatility smiles (draft)' } });
  });

  it('offers a copy kept in this browser only to the staff member who made it', async () => {
    const backend = serveNotes([aNote()]);
    backend.offline = true;
    const theirs = renderApp({ route: '/manage-notes/5', preloadedState: signedInAs(aStaffUser({ id: 2, email: 'grace@example.com' })) });
    await screen.findByRole('form', { name: 'Note' });
    await userEvent.setup().type(screen.getByLabelText('Title'), ' (theirs)');
    await screen.findByText(/^Kept in this browser at/, {}, { timeout: 3000 });
    theirs.unmount();
    backend.offline = false;

    await openEditor('/manage-notes/5');
    expect(screen.queryByText(/Recovered unsaved changes/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Volatility smiles');
  });

  it('offers the server’s copy back on opening, at its local time of day, and saves it once kept', async () => {
    const backend = serveNotes([aNote()]);
    const savedAt = todayAt(14, 2);
    backend.autosaves['5'] = { input: { ...noteInputOf(aNote()), body: 'Recovered words.', revision: 12 }, saved_at: savedAt };
    const sent = serveSave('put', '/api/notes/manage/5/', (body) => HttpResponse.json(savedFrom(body, { revision: 13 })));
    const { user } = await openEditor('/manage-notes/5');
    const offer = screen.getByText(`Recovered unsaved changes from ${clock(savedAt)}.`);
    expect(clock(savedAt)).toMatch(/^\d{1,2}:02/);
    expect(screen.getByLabelText('Body')).toHaveValue('Recovered words.');
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(offer).not.toBeInTheDocument();
    await save(user);
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.saved)).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ body: 'Recovered words.', revision: 12 })]);
  });

  it('shows the note as it is now when the kept changes predate someone’s later save, and brings them back only when asked', async () => {
    const backend = serveNotes([aNote({ title: 'Theirs', revision: 13 })]);
    backend.autosaves['5'] = { input: { ...noteInputOf(aNote()), title: 'Mine', revision: 12 }, saved_at: todayAt(9, 30) };
    const sent = serveSave('put', '/api/notes/manage/5/', (body) => HttpResponse.json(savedFrom(body, { revision: 14 })));
    const { user } = await openEditor('/manage-notes/5');
    expect(screen.getByText(NOTE_EDITOR_MESSAGES.recoveredStale, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Theirs');
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Mine');
    await save(user);
    await screen.findByText(NOTE_EDITOR_MESSAGES.saved);
    // Saved over the version the owner was shown, which the history keeps.
    expect(sent).toEqual([expect.objectContaining({ title: 'Mine', revision: 13 })]);
  });

  it('offers back a new note’s words, kept under "new"', async () => {
    const backend = serveNotes();
    backend.autosaves.new = {
      input: { ...noteInputOf(aNote()), title: 'Unsaved idea', slug: 'unsaved-idea', body: 'First lines.', revision: undefined },
      saved_at: todayAt(8, 5),
    };
    await openEditor('/manage-notes/new');
    expect(screen.getByText(/^Recovered unsaved changes from/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Unsaved idea');
    expect(screen.getByLabelText('Body')).toHaveValue('First lines.');
  });

  it('leaves no copy behind once a new note is saved, though its words stay in the fields as it moves to its address', async () => {
    const backend = serveNotes();
    serveCreate(backend);
    const { user, router } = await openEditor('/manage-notes/new');
    await user.type(screen.getByLabelText('Title'), 'Short');
    await screen.findByText(/^Kept as you type/, {}, { timeout: 3000 });
    await user.type(screen.getByLabelText('Body'), 'Words.');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-notes/7'));
    await screen.findByText(NOTE_EDITOR_MESSAGES.saved);
    // Past the pause: nothing more was kept of the saved words.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(backend.kept.map(({ id, input }) => [id, input.body])).toEqual([['new', '']]);
    expect(window.localStorage.getItem('note-draft:1:new')).toBeNull();
    expect(window.localStorage.getItem('note-draft:1:7')).toBeNull();
  });

  it('drops a new note’s copy that was on its way when the note was saved and landed after the save', async () => {
    const backend = serveNotes();
    serveCreate(backend);
    // The server keeps the copy only once the save is done, as a slow request would land.
    let land: () => void = () => undefined;
    const landing = new Promise<void>((resolve) => (land = resolve));
    server.use(
      http.put(url('/api/notes/manage/new/autosave/'), async ({ request }) => {
        const input = (await request.json()) as NoteInput;
        await landing;
        backend.autosaves.new = { input, saved_at: new Date().toISOString() };
        return HttpResponse.json({ saved_at: backend.autosaves.new.saved_at });
      }),
    );
    const { user, router } = await openEditor('/manage-notes/new');
    await user.type(screen.getByLabelText('Title'), 'Short');
    // Past the pause, the copy is on its way; the owner saves meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-notes/7'));
    land();
    await waitFor(() => expect(backend.dropped).toEqual(['new']));
    expect(backend.autosaves.new).toBeUndefined();
  });

  it('saves with Ctrl+S or ⌘S instead of the browser saving the page', async () => {
    serveNotes([aNote()]);
    const sent = serveSave('put', '/api/notes/manage/5/', (body) => HttpResponse.json(savedFrom(body, { revision: 13 })));
    const { user } = await openEditor('/manage-notes/5');
    await user.type(screen.getByLabelText('Body'), '!');
    expect(fireEvent.keyDown(screen.getByLabelText('Body'), { key: 's', ctrlKey: true })).toBe(false);
    expect(await screen.findByText(NOTE_EDITOR_MESSAGES.saved)).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ body: `${aNote().body}!`, revision: 12 })]);

    await user.type(screen.getByLabelText('Title'), '?');
    expect(fireEvent.keyDown(document.body, { key: 'S', metaKey: true })).toBe(false);
    await waitFor(() => expect(sent).toHaveLength(2));
    // Other keys with Ctrl are the browser's.
    expect(fireEvent.keyDown(document.body, { key: 'p', ctrlKey: true })).toBe(true);
  });

  it('adds a pasted picture to the photo library and the body at the caret, once its alt text is given', async () => {
    serveNotes([aNote({ body: 'Before. After.' })]);
    const uploads = serveWrite('post', '/api/photos/images/', formFields, () => HttpResponse.json(anImage({ id: 42, title: 'Equity curve' }), { status: 201 }));
    const { user } = await openEditor('/manage-notes/5');
    const body = screen.getByLabelText('Body') as HTMLTextAreaElement;
    body.focus();
    body.setSelectionRange(8, 8);
    // A paste of text alone is the browser's.
    expect(fireEvent.paste(body, { clipboardData: { files: [], getData: () => 'words' } })).toBe(true);
    expect(fireEvent.paste(body, { clipboardData: { files: [aPng()], getData: () => '' } })).toBe(false);

    const dialog = screen.getByRole('dialog', { name: 'Describe the picture' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(within(dialog).getByLabelText('What the picture shows')).toHaveAccessibleDescription(expect.stringContaining(NOTE_EDITOR_MESSAGES.altRequired));
    expect(uploads).toEqual([]);
    await user.type(within(dialog).getByLabelText('What the picture shows'), 'Equity curve [[log]');
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));

    await waitFor(() => expect(body).toHaveValue('Before. ![Equity curve \\[log\\]](photo:42)After.'));
    expect(uploads).toEqual([{ title: 'Equity curve [log]', image: 'file:image.png' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(body).toHaveFocus();
    expect(body.selectionStart).toBe('Before. ![Equity curve \\[log\\]](photo:42)'.length);
  });

  it('adds a dropped picture likewise, and says when the library refuses it', async () => {
    serveNotes([aNote({ body: 'Text.' })]);
    serveWrite(
      'post',
      '/api/photos/images/',
      async () => null,
      () => HttpResponse.json({ image: ['This file is not a picture.'] }, { status: 400 }),
    );
    const { user } = await openEditor('/manage-notes/5');
    const body = screen.getByLabelText('Body');
    expect(fireEvent.drop(body, { dataTransfer: { files: [aPng()], types: ['Files'] } })).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Describe the picture' });
    await user.type(within(dialog).getByLabelText('What the picture shows'), 'A chart');
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(await within(dialog).findByText(`${NOTE_EDITOR_MESSAGES.uploadFailed} This file is not a picture.`)).toBeInTheDocument();
    expect(body).toHaveValue('Text.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('inserts a picture of the library chosen with the Picture button, described in the library’s words unless others are typed', async () => {
    serveNotes([aNote({ body: 'Start.' })]);
    const { user } = await openEditor('/manage-notes/5');
    await user.click(screen.getByRole('button', { name: 'Picture' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert a picture' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(within(dialog).getByText(NOTE_EDITOR_MESSAGES.pictureRequired)).toBeInTheDocument();
    const choice = within(within(dialog).getByRole('group', { name: 'Picture' })).getByRole('radio', { name: /Trading floor/ });
    expect(choice.closest('label')?.querySelector('img')).toHaveAttribute('src', anImage().sizes.thumb);
    await user.click(choice);
    expect(within(dialog).getByLabelText('What the picture shows')).toHaveValue('Trading floor');
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(screen.getByLabelText('Body')).toHaveValue('Start.![Trading floor](photo:10)');
  });

  it('shows the address a note is read at readably, counts the summary once, and says an empty address is required', async () => {
    serveNotes();
    serveSave('post', '/api/notes/manage/', () => HttpResponse.json({ slug: [NOTE_MESSAGES.slugRequired] }, { status: 400 }));
    const { user } = await openEditor('/manage-notes/new');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(expect.stringContaining('The note is read at /notes/….'));
    await user.type(screen.getByLabelText('Summary'), 'Short.');
    expect(screen.getAllByText(/6 of 300 characters/)).toHaveLength(1);
    await user.type(screen.getByLabelText('Title'), 'A title');
    await user.clear(screen.getByLabelText('Address'));
    await save(user);
    expect(await screen.findByText(NOTE_MESSAGES.slugRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(expect.stringContaining(NOTE_MESSAGES.slugRequired));
  });
});
