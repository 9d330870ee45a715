import type { NoteInput, NoteList, NoteRevision, PublicNote, StaffNote } from '../../../server/contract/notes';
import { NOTE_LIMITS, NOTE_MESSAGES } from '../../../server/contract/notes';
import { publishDueNotes } from '../../../server/src/services/notes';
import { type Auth, recordChanges, serverWithAccountsFor } from '../testServer';

describe('notes API', () => {
  const { server, staff, user, anonymous } = serverWithAccountsFor();

  const input = (fields: Partial<NoteInput> = {}): NoteInput => ({
    title: 'Volatility smiles',
    slug: 'volatility-smiles',
    summary: 'Why implied volatility depends on the strike.',
    tags: ['volatility', 'Options Pricing'],
    cover_image: null,
    body: 'The smile $\\sigma(K)$.\n\n```python\nprint(1)\n```\n',
    publish: 'now',
    publish_at: null,
    ...fields,
  });
  const create = (fields: Partial<NoteInput> = {}, headers: Auth = staff) =>
    server.inject({ method: 'POST', url: '/api/notes/manage/', headers, payload: input(fields) });
  const created = async (fields: Partial<NoteInput> = {}) => {
    const response = await create(fields);
    expect(response.json()).toMatchObject({ id: expect.any(Number) });
    expect(response.statusCode).toBe(201);
    return response.json<StaffNote>();
  };
  const update = (note: StaffNote, fields: Partial<NoteInput>) =>
    server.inject({
      method: 'PUT',
      url: `/api/notes/manage/${note.id}/`,
      headers: staff,
      payload: { ...input({ ...note, cover_image: note.cover_image }), ...fields, revision: note.revision },
    });
  const list = async (query = '') => (await server.inject({ method: 'GET', url: `/api/notes/${query}` })).json<NoteList>();
  const read = (slug: string) => server.inject({ method: 'GET', url: `/api/notes/${slug}/` });
  const preview = (body: string, headers: Auth = staff) => server.inject({ method: 'POST', url: '/api/notes/preview/', headers, payload: { body } });

  it('publishes a note for visitors with its rendered body, tags, reading time and neighbours', async () => {
    const first = await created({ title: 'First', slug: 'first' });
    await created();
    const note = (await read('volatility-smiles')).json<PublicNote>();
    expect(note).toMatchObject({
      slug: 'volatility-smiles',
      title: 'Volatility smiles',
      tags: ['volatility', 'options-pricing'],
      reading_minutes: 1,
      revised_at: null,
      previous: { slug: first.slug, title: 'First' },
      next: null,
    });
    expect(note.html).toContain('<math');
    expect(note.html).toContain('hljs');
    expect(note.outline).toEqual([]);
    expect((await list()).notes.map((n) => n.slug)).toEqual(['volatility-smiles', 'first']);
  });

  it("gives a note's readers the outline of its sections", async () => {
    await created({ body: '# Setup\n\nText.\n\n## Data\n\n# Results\n' });
    expect((await read('volatility-smiles')).json<PublicNote>().outline).toEqual([
      { id: 'user-content-setup', level: 2, text: 'Setup' },
      { id: 'user-content-data', level: 3, text: 'Data' },
      { id: 'user-content-results', level: 2, text: 'Results' },
    ]);
  });

  it('keeps drafts and scheduled notes from visitors everywhere', async () => {
    await created({ publish: 'draft', slug: 'draft' });
    await created({ publish: 'schedule', publish_at: new Date(Date.now() + 3_600_000).toISOString(), slug: 'later' });
    expect(await list()).toMatchObject({ notes: [], total: 0, tags: [] });
    expect((await read('draft')).statusCode).toBe(404);
    expect((await read('later')).statusCode).toBe(404);
    const staffList = (await server.inject({ method: 'GET', url: '/api/notes/manage/', headers: staff })).json<StaffNote[]>();
    expect(staffList.map((n) => n.status).sort()).toEqual(['draft', 'scheduled']);
  });

  it('publishes a scheduled note at its time, once, and announces it', async () => {
    const note = await created({ publish: 'schedule', publish_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(note.status).toBe('scheduled');
    const announced = recordChanges(server, ['Note']);
    expect(await publishDueNotes(server)).toBe(0);
    await server.db
      .updateTable('notes')
      .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const [a, b] = await Promise.all([publishDueNotes(server), publishDueNotes(server)]);
    expect(a + b).toBe(1);
    expect(announced).toEqual([['Note']]);
    expect((await read(note.slug)).statusCode).toBe(200);
  });

  it('is published by the server itself when its time comes', async () => {
    // The save must land before the note's time: its body is rendered by worker threads, started first.
    await server.work.warmUp();
    const note = await created({ publish: 'schedule', publish_at: new Date(Date.now() + 1_500).toISOString() });
    expect((await read(note.slug)).statusCode).toBe(404);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await read(note.slug)).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await read(note.slug)).statusCode).toBe(200);
  });

  it('filters by tag and pages the list', async () => {
    for (let i = 1; i <= NOTE_LIMITS.perPage + 2; i += 1) await created({ title: `Note ${i}`, slug: `note-${i}`, tags: i % 2 ? ['odd'] : ['even'] });
    const first = await list();
    expect(first).toMatchObject({ page: 1, pages: 2, total: NOTE_LIMITS.perPage + 2 });
    expect(first.notes).toHaveLength(NOTE_LIMITS.perPage);
    expect((await list('?page=2')).notes.map((n) => n.slug)).toEqual(['note-2', 'note-1']);
    expect((await list('?tag=odd')).total).toBe(6);
    expect(first.tags).toEqual([
      { tag: 'even', count: 6 },
      { tag: 'odd', count: 6 },
    ]);
    expect((await list('?limit=3')).notes).toHaveLength(3);
  });

  it('keeps a published note’s old address as a redirect when its address changes', async () => {
    const note = await created();
    const moved = (await update(note, { slug: 'smiles' })).json<StaffNote>();
    expect(moved).toMatchObject({ slug: 'smiles', old_slugs: ['volatility-smiles'] });
    expect((await read('volatility-smiles')).json()).toMatchObject({ slug: 'smiles' });
    // Nobody else may take the old address.
    expect((await create({ slug: 'volatility-smiles', title: 'Other' })).json()).toEqual({ slug: [NOTE_MESSAGES.slugTaken] });
    // Taking the old address back works, and leaves the other one as the redirect.
    const back = (await update(moved, { slug: 'volatility-smiles' })).json<StaffNote>();
    expect(back).toMatchObject({ slug: 'volatility-smiles', old_slugs: ['smiles'] });
  });

  it('dates a change of a published note’s text as its update', async () => {
    const note = await created();
    expect((await update(note, { body: 'New text.' })).json<StaffNote>().revision).toBeGreaterThan(note.revision);
    expect((await read(note.slug)).json<PublicNote>().revised_at).toEqual(expect.any(String));
  });

  it('keeps a revision per save, lists what changed, and restores one', async () => {
    const note = await created({ body: 'First text.' });
    const second = (await update(note, { body: 'Second text.', title: 'Smiles' })).json<StaffNote>();
    const revisions = (await server.inject({ method: 'GET', url: `/api/notes/manage/${note.id}/revisions/`, headers: staff })).json<NoteRevision[]>();
    expect(revisions.map((r) => [r.changed, r.body])).toEqual([
      [['Title', 'Body'], 'Second text.'],
      [['Created'], 'First text.'],
    ]);
    const restore = (revision: number, startedFrom: number) =>
      server.inject({ method: 'POST', url: `/api/notes/manage/${note.id}/restore/`, headers: staff, payload: { revision, started_from: startedFrom } });
    expect((await restore(revisions[1].id, note.revision)).json()).toEqual({ detail: NOTE_MESSAGES.stale });
    const restored = (await restore(revisions[1].id, second.revision)).json<StaffNote>();
    expect(restored).toMatchObject({ body: 'First text.', title: 'Volatility smiles', status: 'published' });
  });

  it('refuses a save over someone else’s newer one', async () => {
    const note = await created();
    expect((await update(note, { body: 'Mine.' })).statusCode).toBe(200);
    const stale = await update(note, { body: 'Theirs.' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: NOTE_MESSAGES.stale });
  });

  /** Each refused field: the case, the change, and the field's messages. */
  it.each<[string, Partial<NoteInput>, Record<string, string[]>]>([
    ['no title', { title: '  ' }, { title: [NOTE_MESSAGES.titleRequired] }],
    ['a long title', { title: 'x'.repeat(NOTE_LIMITS.title + 1) }, { title: [NOTE_MESSAGES.titleTooLong] }],
    ['an address with spaces', { slug: 'vol smile' }, { slug: [NOTE_MESSAGES.slug] }],
    ['an address the site uses', { slug: 'tag' }, { slug: [NOTE_MESSAGES.slugReserved] }],
    ['a long summary', { summary: 'x'.repeat(NOTE_LIMITS.summary + 1) }, { summary: [NOTE_MESSAGES.summaryTooLong] }],
    ['too many tags', { tags: Array.from({ length: NOTE_LIMITS.tags + 1 }, (_, i) => `t${i}`) }, { tags: [NOTE_MESSAGES.tooManyTags] }],
    ['a cover that is not in the library', { cover_image: 999 }, { cover_image: [NOTE_MESSAGES.cover] }],
    ['a body over the limit', { body: 'é'.repeat(NOTE_LIMITS.bodyBytes / 2 + 1) }, { body: [NOTE_MESSAGES.bodyTooLong] }],
    ['an empty body published', { body: ' ' }, { body: [NOTE_MESSAGES.bodyRequired] }],
    ['a schedule without a time', { publish: 'schedule', publish_at: null }, { publish_at: [NOTE_MESSAGES.publishAt] }],
    ['a schedule in the past', { publish: 'schedule', publish_at: '2020-01-01T10:00:00Z' }, { publish_at: [NOTE_MESSAGES.publishAtPast] }],
    ['a malformed chart', { body: 'Text.\n\n```chart\ntitle: X\n---\na,b\n1,two\n```\n' }, { body: ['Line 7: "two" in column "b" is not a number.'] }],
    [
      'a picture without alt text',
      { body: '![](photo:1)' },
      { body: [expect.stringMatching(/^Line 1: Describe the picture/), 'Line 1: There is no picture photo:1 in the photo library.'] as never },
    ],
  ])('refuses %s with a message and saves nothing', async (_name, fields, expected) => {
    const response = await create(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect(await server.db.selectFrom('notes').select('id').execute()).toEqual([]);
  });

  it('previews a body with the same rendering and names its problems by line', async () => {
    const previewed = await preview('$x^2$\n\n```chart\ntitle: X\n---\na,b\n1,two\n```');
    expect(previewed.json()).toMatchObject({
      html: expect.stringContaining('<math'),
      problems: [{ line: 7, message: '"two" in column "b" is not a number.' }],
    });
  });

  it('refuses to preview a body over the limit, with the save’s message', async () => {
    const previewed = await preview('x'.repeat(NOTE_LIMITS.bodyBytes + 1));
    expect(previewed.statusCode).toBe(400);
    expect(previewed.json()).toEqual({ body: [NOTE_MESSAGES.bodyTooLong] });
  });

  it('is for staff only, except the published notes', async () => {
    expect((await create({}, user)).statusCode).toBe(403);
    expect((await create({}, anonymous)).statusCode).toBe(401);
    expect((await server.inject({ method: 'GET', url: '/api/notes/manage/', headers: user })).statusCode).toBe(403);
    expect((await preview('x', anonymous)).statusCode).toBe(401);
  });

  it('deletes a note with its history and addresses, and announces it', async () => {
    const note = await created();
    const announced = recordChanges(server, ['Note']);
    expect((await server.inject({ method: 'DELETE', url: `/api/notes/manage/${note.id}/`, headers: staff })).statusCode).toBe(204);
    expect(announced).toEqual([['Note']]);
    expect((await read(note.slug)).statusCode).toBe(404);
    expect(await server.db.selectFrom('note_revisions').select('id').execute()).toEqual([]);
  });
});
