import { NOTE_LIMITS } from '../../server/contract/noteRules';
import type { Preview } from '../../server/contract/notes';
import type { Paper } from '../../server/contract/publications';
import { saveNote } from './follow/support';
import { PAPERS_BIB } from './publications/fixtures';
import { recordChanges, serverWithAccountsFor } from './testServer';

const fill = (unit: string) => unit.repeat(Math.floor(NOTE_LIMITS.bodyBytes / unit.length));

describe('heavy work in worker threads', () => {
  // A deadline no real note needs to come near, so that a slow body is refused in any test run.
  const { server, staff } = serverWithAccountsFor('all', { workDeadlineMs: 150 });

  const preview = (body: string) => server.inject({ method: 'POST', url: '/api/notes/preview/', headers: staff, payload: { body } });

  it('refuses a body past its deadline with a message, while the event loop answers others', async () => {
    const order: string[] = [];
    const slow = preview(fill('*a _b ')).then((response) => {
      order.push('preview');
      return response;
    });
    // Sent after the preview, answered before it: the rendering is not on the event loop.
    const health = await server.inject({ method: 'GET', url: '/api/health' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    const response = await slow;
    expect(order).toEqual(['health', 'preview']);
    expect(response.statusCode).toBe(200);
    expect(response.json<Preview>()).toEqual({
      html: '',
      problems: [{ line: 0, message: 'This text takes more than 0.15 seconds to process: make it shorter or simpler, or split it.' }],
      reading_minutes: 1,
    });
  });

  it('refuses to save such a body with the same message, and saves nothing', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/notes/manage/',
      headers: staff,
      payload: { title: 'Slow', slug: 'slow', summary: '', tags: [], cover_image: null, body: fill('*a _b '), publish: 'draft', publish_at: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ body: ['This text takes more than 0.15 seconds to process: make it shorter or simpler, or split it.'] });
    expect(await server.db.selectFrom('notes').select('id').execute()).toEqual([]);
  });

  it('renders the next body in a new thread after one was ended', async () => {
    const response = await preview('Some $x^2$ text.');
    expect(response.json<Preview>().html).toContain('<math');
  });

  it('answers HTML nested thousands deep without a server error', async () => {
    for (const body of ['<div>'.repeat(5_000), '<span>'.repeat(20_000), `${'<div>'.repeat(2_000)}x${'</div>'.repeat(2_000)}`]) {
      const response = await preview(body);
      expect(response.statusCode).toBe(200);
      const { problems } = response.json<Preview>();
      // Either it renders, or it is refused with a message that says why.
      for (const problem of problems) expect(problem.message).toMatch(/nested too deeply|takes more than/);
    }
  });
});

describe('citations', () => {
  const { server, staff } = serverWithAccountsFor('all');

  it('are formatted after an import and stored with the paper, which visitors then read', async () => {
    const imported = await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPERS_BIB } });
    expect(imported.statusCode).toBe(200);
    await server.refreshDerivedContent();
    const rows = await server.db.selectFrom('publications').select(['cite_key', 'citations']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.parse(row.citations ?? 'null')).toMatchObject({ apa: expect.any(String), ris: expect.stringContaining('TY  -') });
    // What a visitor gets is what is stored, not formatted again.
    const [first] = rows;
    const stored = {
      apa: 'Stored APA.',
      chicago: 'Stored Chicago.',
      bibtex: '@misc{x}',
      ris: 'TY  - GEN\nER  - \n',
      apa_html: 'Stored <i>APA</i>.',
      chicago_html: 'Stored <i>Chicago</i>.',
    };
    await server.db
      .updateTable('publications')
      // Stored by the current formatting, whose version the row's JSON carries.
      .set({ citations: JSON.stringify({ ...(JSON.parse(first.citations ?? '{}') as object), ...stored }) })
      .where('cite_key', '=', first.cite_key)
      .execute();
    server.changes.publish('Publication');
    const key = first.cite_key.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect((await server.inject({ method: 'GET', url: `/api/publications/papers/${key}/` })).json<Paper>().citations).toEqual(stored);
  });

  it('are formatted again when the entry changes', async () => {
    const row = await server.db.selectFrom('publications').selectAll().where('cite_key', '=', 'northcote2019slv').executeTakeFirstOrThrow();
    const bibtex = row.bibtex.replace(/title\s*=\s*\{/i, 'title = {Revised: ').replace(/= *jcf/, '= {Journal of Computational Finance}');
    const edited = await server.inject({ method: 'PATCH', url: `/api/publications/${row.id}/`, headers: staff, payload: { bibtex } });
    expect(edited.statusCode).toBe(200);
    await server.refreshDerivedContent();
    const after = await server.db.selectFrom('publications').select('citations').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(JSON.parse(after.citations ?? '{}').apa).toContain('Revised:');
  });
});

describe('bodies an older renderer made', () => {
  const { server, staff } = serverWithAccountsFor('all');

  it('are rendered again in the background, and their pages announced', async () => {
    await saveNote(server, staff, { title: 'Old', slug: 'old', body: '## Part\n\n$x^2$' });
    // As a note saved by an older version left it.
    await server.db.updateTable('notes').set({ html: '<p>old</p>', rendered_version: 0 }).execute();
    const announced = recordChanges(server, ['Note']);
    await server.refreshDerivedContent();
    const row = await server.db.selectFrom('notes').select(['html', 'rendered_version']).executeTakeFirstOrThrow();
    expect(row.html).toContain('<math');
    expect(row.rendered_version).toBeGreaterThan(0);
    expect(announced).toEqual([['Note']]);
    // Each once: nothing is left to render.
    await server.refreshDerivedContent();
    expect(announced).toHaveLength(1);
  });
});
