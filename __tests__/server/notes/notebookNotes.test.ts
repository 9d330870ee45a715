import type { DownloadStats } from '../../../server/contract/media';
import type { NotebookPreview } from '../../../server/contract/notebooks';
import type { PublicNote, StaffNote } from '../../../server/contract/notes';
import { form } from '../media/fixtures';
import { type Auth, serverWithAccountsFor, type TestServer } from '../testServer';
import { bytesOf, code, display, markdown, notebook, pngBase64, researchNotebook } from './notebookFixtures';

function sendNotebook(server: TestServer, auth: Auth, url: string, data: Buffer, fields: Record<string, string> = {}, method: 'POST' | 'PUT' = 'POST') {
  const body = form(fields, [{ field: 'file', filename: 'momentum.ipynb', data, contentType: 'application/x-ipynb+json' }]);
  return server.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

describe('notes from notebooks', () => {
  const { server, staff, user } = serverWithAccountsFor();

  it('previews a notebook without saving anything', async () => {
    const res = await sendNotebook(server, staff, '/api/notes/manage/notebook/preview/', bytesOf(await researchNotebook()));
    expect(res.statusCode).toBe(200);
    const preview = res.json<NotebookPreview>();
    expect(preview).toMatchObject({
      title: 'Momentum in equities',
      problems: [],
      kernel: 'Python 3 (ipykernel)',
      last_run: '2025-03-04T10:20:30.000Z',
      figures: [
        { number: 1, cell: 3, output: 1, attachment: null, type: 'image/png', alt: 'Equity curve of the strategy' },
        { number: 2, cell: 4, output: 1, attachment: null, type: 'image/png', alt: 'Drawdowns' },
        { number: 3, cell: 8, output: 1, attachment: null, type: 'image/png', alt: null },
      ],
    });
    expect(preview.html).toContain('<td>SPY</td>');
    expect((await server.inject({ method: 'GET', url: '/api/notes/manage/', headers: staff })).json()).toEqual([]);
    expect((await server.inject({ method: 'GET', url: '/api/photos/images/', headers: staff })).json()).toEqual([]);
  });

  it('is for staff only', async () => {
    const res = await sendNotebook(server, user, '/api/notes/manage/notebook/preview/', bytesOf(await researchNotebook()));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a save that leaves a figure without alt text, naming the figure, and saves nothing', async () => {
    const data = bytesOf(await researchNotebook());
    const cases: [Record<string, string>, unknown][] = [
      [{}, { 'alt.3': ['Figure 3 (cell 8) has no alt text: describe it for readers who cannot see it.'] }],
      [{ alt: JSON.stringify([{ cell: 8, output: 1, alt: '   ' }]) }, { 'alt.3': [expect.stringContaining('Figure 3 (cell 8) has no alt text')] }],
      [{ alt: JSON.stringify([{ cell: 8, output: 1, alt: 'x'.repeat(1001) }]) }, { 'alt.3': ['Figure 3 (cell 8): alt text is at most 1,000 characters.'] }],
      [
        {
          alt: JSON.stringify([
            { cell: 8, output: 1, alt: 'Returns' },
            { cell: 2, output: 1, alt: 'A table' },
          ]),
        },
        { alt: ['Cell 2 has no figure at output 1.'] },
      ],
      [{ alt: '{"cell": 8' }, { alt: [expect.stringContaining('Send the alt text as a JSON list')] }],
      [{ alt: JSON.stringify([{ cell: 8, output: 1, attachment: 'a.png', alt: 'Both' }]) }, { alt: [expect.stringContaining('JSON list')] }],
      [{ alt: JSON.stringify([{ cell: 8, alt: 'Neither' }]) }, { alt: [expect.stringContaining('JSON list')] }],
    ];
    for (const [fields, body] of cases) {
      const res = await sendNotebook(server, staff, '/api/notes/manage/notebook/', data, fields);
      expect([res.statusCode, res.json()]).toEqual([400, body]);
    }
    expect((await server.inject({ method: 'GET', url: '/api/notes/manage/', headers: staff })).json()).toEqual([]);
    expect((await server.inject({ method: 'GET', url: '/api/photos/images/', headers: staff })).json()).toEqual([]);
  });

  it('saves a draft with its pictures in the photo library and offers the notebook once published', async () => {
    const data = bytesOf(await researchNotebook());
    // The staff describe the figure the notebook leaves undescribed, and reword one it describes.
    const alt = JSON.stringify([
      { cell: 8, output: 1, alt: 'Cumulative returns [2020–2025], by  month' },
      { cell: 3, output: 1, alt: 'Equity curve, log scale' },
    ]);
    const created = await sendNotebook(server, staff, '/api/notes/manage/notebook/', data, { title: 'Momentum, revisited', hide_code: 'true', alt });
    expect(created.statusCode).toBe(201);
    const note = created.json<StaffNote>();
    expect(note).toMatchObject({ title: 'Momentum, revisited', slug: 'momentum-revisited', status: 'draft' });
    expect(note.body).not.toContain('import pandas');
    expect(note.body).toContain('![Cumulative returns \\[2020–2025\\], by month](photo:');
    const photos = [...note.body.matchAll(/!\[((?:\\.|[^\]\\])+)\]\(photo:(\d+)\)/g)].map((match) => match[1].replace(/\\(.)/g, '$1'));
    expect(photos).toEqual(['Equity curve, log scale', 'Drawdowns', 'Cumulative returns [2020–2025], by month']);
    const images = (await server.inject({ method: 'GET', url: '/api/photos/images/', headers: staff })).json<{ description: string }[]>();
    expect(images.map((image) => image.description).sort()).toEqual([...photos].sort());

    // A draft's notebook is nobody's to download.
    expect((await server.inject({ method: 'GET', url: '/api/notes/momentum-revisited/notebook/' })).statusCode).toBe(404);
    const published = await server.inject({
      method: 'PUT',
      url: `/api/notes/manage/${note.id}/`,
      headers: staff,
      payload: {
        title: note.title,
        slug: note.slug,
        summary: '',
        tags: ['momentum'],
        cover_image: null,
        body: note.body,
        publish: 'now',
        publish_at: null,
        revision: note.revision,
      },
    });
    expect(published.statusCode).toBe(200);
    const page = (await server.inject({ method: 'GET', url: '/api/notes/momentum-revisited/' })).json<PublicNote>();
    expect(page.notebook).toEqual({ url: '/api/notes/momentum-revisited/notebook/', kernel: 'Python 3 (ipykernel)', last_run: '2025-03-04T10:20:30.000Z' });
    expect(page.html).toMatch(/<img src="\/media\/images\/[0-9a-f]{32}-large\.webp"[^>]*alt="Equity curve, log scale"/);
    expect(page.html).toContain('alt="Cumulative returns [2020–2025], by month"');
    const download = await server.inject({ method: 'GET', url: page.notebook!.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="momentum.ipynb"; filename*=UTF-8''momentum.ipynb`);
    // Whole downloads count for the note, as a document's do; a part of the file does not.
    expect((await server.inject({ method: 'GET', url: page.notebook!.url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    expect((await server.inject({ method: 'HEAD', url: page.notebook!.url })).statusCode).toBe(200);
    const stats = (await server.inject({ method: 'GET', url: '/api/documents/downloads/', headers: staff })).json<DownloadStats>();
    expect(stats.documents).toEqual([]);
    expect(stats.notebooks).toEqual([{ id: note.id, title: 'Momentum, revisited', counts: [...Array<number>(11).fill(0), 1], total: 1 }]);
  });

  it('replaces a note from a notebook, keeping its address, tags and revisions', async () => {
    const first = (
      await sendNotebook(server, staff, '/api/notes/manage/notebook/', bytesOf(notebook([markdown('# Vol\n\nFirst version.')])))
    ).json<StaffNote>();
    const tagged = await server.inject({
      method: 'PUT',
      url: `/api/notes/manage/${first.id}/`,
      headers: staff,
      payload: {
        title: 'Vol',
        slug: 'vol',
        summary: 'Kept.',
        tags: ['volatility'],
        cover_image: null,
        body: first.body,
        publish: 'now',
        publish_at: null,
        revision: first.revision,
      },
    });
    const before = tagged.json<StaffNote>();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><script>alert(1)</script><rect width="20" height="10" fill="#080"/></svg>';
    const replaced = await sendNotebook(
      server,
      staff,
      `/api/notes/manage/${first.id}/notebook/`,
      bytesOf(
        notebook([
          markdown(
            '# Vol\n\nSecond version, with the ![smile](attachment:smile.png) pasted in.',
            {},
            { 'smile.png': { 'image/png': await pngBase64('#0a0') } },
          ),
          code('plot()', [display({ 'image/svg+xml': svg })]),
        ]),
      ),
      { revision: String(before.revision), alt: JSON.stringify([{ cell: 2, output: 1, alt: 'Volatility by strike' }]) },
      'PUT',
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<StaffNote>()).toMatchObject({ slug: 'vol', tags: ['volatility'], summary: 'Kept.', status: 'published' });
    expect(replaced.json<StaffNote>().body).toMatch(
      /Second version, with the !\[smile\]\(photo:\d+\) pasted in\.[\s\S]*!\[Volatility by strike\]\(photo:\d+\)/,
    );
    const revisions = (await server.inject({ method: 'GET', url: `/api/notes/manage/${first.id}/revisions/`, headers: staff })).json<unknown[]>();
    expect(revisions).toHaveLength(3);
    const stale = await sendNotebook(
      server,
      staff,
      `/api/notes/manage/${first.id}/notebook/`,
      bytesOf(notebook([markdown('x')])),
      { revision: String(before.revision) },
      'PUT',
    );
    expect(stale.statusCode).toBe(409);
  });

  it('names what is wrong with a file, and saves nothing', async () => {
    const cases: [Buffer, number, unknown][] = [
      [bytesOf({ ...notebook([]), nbformat: 3 }), 400, { file: [expect.stringContaining('nbformat 3; the site reads nbformat 4')] }],
      [bytesOf(notebook([code('x', [display({ 'image/png': '%%%' })])])), 400, { file: ['Cell 1: output of type image/png is not base64.'] }],
      [Buffer.from('['.repeat(200_000) + ']'.repeat(200_000)), 400, { file: [expect.stringMatching(/not a notebook|nested too deeply/)] }],
      [
        bytesOf(notebook(Array.from({ length: 100_000 }, () => ({ cell_type: 'raw', metadata: {}, source: '' })))),
        400,
        { file: [expect.stringContaining('at most 2,000 cells')] },
      ],
      [
        Buffer.concat([Buffer.from('{"x":"'), Buffer.alloc(21 * 1024 * 1024, 65), Buffer.from('"}')]),
        413,
        { detail: 'The file is too large. The limit is 20 MB.' },
      ],
    ];
    for (const [data, status, body] of cases) {
      const res = await sendNotebook(server, staff, '/api/notes/manage/notebook/', data);
      expect([res.statusCode, res.json()]).toEqual([status, body]);
    }
    expect((await server.inject({ method: 'GET', url: '/api/notes/manage/', headers: staff })).json()).toEqual([]);
  });
});
