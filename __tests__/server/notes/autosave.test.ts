import type { NoteAutosave, NoteInput, PublicNote, StaffNote } from '../../../server/contract/notes';
import { NOTE_MESSAGES } from '../../../server/contract/notes';
import { noteInput } from '../follow/support';
import { form } from '../media/fixtures';
import { type Auth, insertUser, recordChanges, serverWithAccountsFor } from '../testServer';
import { bytesOf, markdown, notebook } from './notebookFixtures';

describe('notes API: the editor’s unsaved changes', () => {
  const { server, staff, user } = serverWithAccountsFor();

  const input = (fields: Partial<NoteInput> = {}): NoteInput => noteInput({ summary: '', ...fields });
  const created = async () => (await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: input() })).json<StaffNote>();
  const keep = (where: string, payload: NoteInput, headers: Auth = staff) =>
    server.inject({ method: 'PUT', url: `/api/notes/manage/${where}/autosave/`, headers, payload });
  const copyOf = async (where: string, headers: Auth = staff): Promise<NoteAutosave | null> => {
    const response = await server.inject({ method: 'GET', url: `/api/notes/manage/${where}/autosave/`, headers });
    return response.statusCode === 204 ? null : response.json<NoteAutosave>();
  };

  it('keeps a copy of a published note’s changes without changing the note, its revisions or what visitors read', async () => {
    const note = await created();
    const announced = recordChanges(server, ['Note']);
    const changes = input({ body: 'Half a sentence', publish: 'draft', revision: note.revision });
    const kept = await keep(String(note.id), changes);
    expect(kept.statusCode).toBe(200);
    expect(await copyOf(String(note.id))).toEqual({ input: changes, saved_at: kept.json<{ saved_at: string }>().saved_at });

    const now = (await server.inject({ method: 'GET', url: `/api/notes/manage/${note.id}/`, headers: staff })).json<StaffNote>();
    expect(now).toMatchObject({ body: 'The smile.', status: 'published', revision: note.revision });
    expect((await server.inject({ method: 'GET', url: '/api/notes/volatility-smiles/' })).json<PublicNote>().html).toContain('The smile.');
    expect(announced).toEqual([]);
  });

  it('keeps one copy per staff member and note, the newest, and one for the note not yet saved', async () => {
    const note = await created();
    const other = (await insertUser(server, { is_staff: true })).auth;
    await keep(String(note.id), input({ body: 'First' }));
    await keep(String(note.id), input({ body: 'Second' }));
    await keep(String(note.id), input({ body: 'Theirs' }), other);
    await keep('new', input({ title: 'Not saved yet', body: '' }));
    expect((await copyOf(String(note.id)))?.input.body).toBe('Second');
    expect((await copyOf(String(note.id), other))?.input.body).toBe('Theirs');
    expect((await copyOf('new'))?.input.title).toBe('Not saved yet');
    expect(await copyOf('new', other)).toBeNull();
    expect(await server.db.selectFrom('note_autosaves').select('id').execute()).toHaveLength(3);
  });

  it('keeps words a save would refuse (no title yet, a half-typed address)', async () => {
    const kept = await keep('new', input({ title: '', slug: 'half-', body: 'Words first.' }));
    expect(kept.statusCode).toBe(200);
    expect((await copyOf('new'))?.input).toMatchObject({ title: '', slug: 'half-' });
  });

  it('drops the saver’s copy when they save, and on request', async () => {
    await keep('new', input({ body: 'Draft' }));
    const note = await created();
    expect(await copyOf('new')).toBeNull();

    await keep(String(note.id), input({ body: 'More', revision: note.revision }));
    const saved = await server.inject({
      method: 'PUT',
      url: `/api/notes/manage/${note.id}/`,
      headers: staff,
      payload: input({ body: 'More', revision: note.revision }),
    });
    expect(saved.statusCode).toBe(200);
    expect(await copyOf(String(note.id))).toBeNull();

    await keep(String(note.id), input({ body: 'Even more' }));
    expect((await server.inject({ method: 'DELETE', url: `/api/notes/manage/${note.id}/autosave/`, headers: staff })).statusCode).toBe(204);
    expect(await copyOf(String(note.id))).toBeNull();
  });

  it('keeps the copy of a new note being written when a note is made from a notebook', async () => {
    await keep('new', input({ title: 'Half-written', body: 'Still mine.' }));
    const upload = form({ title: 'From cells' }, [
      { field: 'file', filename: 'momentum.ipynb', data: bytesOf(notebook([markdown('# Momentum\n\nText.')])), contentType: 'application/x-ipynb+json' },
    ]);
    const made = await server.inject({ method: 'POST', url: '/api/notes/manage/notebook/', headers: { ...staff, ...upload.headers }, payload: upload.payload });
    expect(made.statusCode).toBe(201);
    expect((await copyOf('new'))?.input.body).toBe('Still mine.');
  });

  it('keeps the copy when a save is refused as stale, so no words are lost', async () => {
    const note = await created();
    const other = (await insertUser(server, { is_staff: true })).auth;
    await server.inject({ method: 'PUT', url: `/api/notes/manage/${note.id}/`, headers: other, payload: input({ body: 'Theirs', revision: note.revision }) });
    const mine = input({ body: 'Mine', revision: note.revision });
    await keep(String(note.id), mine);
    const refused = await server.inject({ method: 'PUT', url: `/api/notes/manage/${note.id}/`, headers: staff, payload: mine });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: NOTE_MESSAGES.stale });
    expect((await copyOf(String(note.id)))?.input.body).toBe('Mine');
  });

  it('lets a save win over an autosave sent before it that lands after it', async () => {
    const note = await created();
    const save = (body: string, revision: number) =>
      server.inject({ method: 'PUT', url: `/api/notes/manage/${note.id}/`, headers: staff, payload: input({ body, revision }) });
    // The owner pauses (an autosave of "Half" leaves), types on and saves; the autosave arrives last.
    const saved = (await save('Half a sentence, finished.', note.revision)).json<StaffNote>();
    const late = await keep(String(note.id), input({ body: 'Half', revision: note.revision }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: NOTE_MESSAGES.stale });
    expect(await copyOf(String(note.id))).toBeNull();
    // Their changes to the note as saved are kept as before.
    expect((await keep(String(note.id), input({ body: 'Next', revision: saved.revision }))).statusCode).toBe(200);
    expect((await copyOf(String(note.id)))?.input.body).toBe('Next');
    // A revision restored counts as a save of theirs too.
    const restored = await server.inject({
      method: 'POST',
      url: `/api/notes/manage/${note.id}/restore/`,
      headers: staff,
      payload: { revision: note.revision, started_from: saved.revision },
    });
    expect(restored.statusCode).toBe(200);
    expect((await keep(String(note.id), input({ body: 'Late again', revision: saved.revision }))).statusCode).toBe(409);
  });

  it('keeps the copy of changes made before someone else’s save, to be offered with it', async () => {
    const note = await created();
    const other = (await insertUser(server, { is_staff: true })).auth;
    await server.inject({ method: 'PUT', url: `/api/notes/manage/${note.id}/`, headers: other, payload: input({ body: 'Theirs', revision: note.revision }) });
    expect((await keep(String(note.id), input({ body: 'Mine', revision: note.revision }))).statusCode).toBe(200);
    expect((await copyOf(String(note.id)))?.input.body).toBe('Mine');
  });

  it('answers 404 for a note that does not exist, and only to staff', async () => {
    expect((await keep('999', input())).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/api/notes/manage/999/autosave/', headers: staff })).statusCode).toBe(404);
    expect((await keep('new', input(), user)).statusCode).toBe(403);
    expect((await server.inject({ method: 'GET', url: '/api/notes/manage/new/autosave/' })).statusCode).toBe(401);
  });

  it('goes with its note when the note is deleted', async () => {
    const note = await created();
    await keep(String(note.id), input({ body: 'Soon gone' }));
    await server.inject({ method: 'DELETE', url: `/api/notes/manage/${note.id}/`, headers: staff });
    expect(await server.db.selectFrom('note_autosaves').select('id').execute()).toEqual([]);
  });

  it('asks for an address, in the words of the other required fields, when none is given', async () => {
    const refused = await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: input({ slug: ' ' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ slug: [NOTE_MESSAGES.slugRequired] });
  });
});
