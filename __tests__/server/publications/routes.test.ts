import type { DownloadStats } from '../../../server/contract/media';
import type { ImportPlan, ListedPublication, Paper, SelectedPaper } from '../../../server/contract/publications';
import { PUBLICATION_MESSAGES } from '../../../server/src/services/publications';
import { documentIn } from '../media/client';
import { serverWithAccountsFor } from '../testServer';
import { ARTICLE_AS_SHOWN, PAPERS_BIB, WORKING_PAPER_BIB } from './fixtures';

describe('publications API', () => {
  const { server, staff, user: visitor } = serverWithAccountsFor();

  const post = (url: string, payload: unknown, headers = staff) => server.inject({ method: 'POST', url, headers, payload: payload as object });
  const list = async () => (await server.inject({ method: 'GET', url: '/api/publications/' })).json<ListedPublication[]>();

  it('shows what an import would do before doing it, then adds the entries', async () => {
    const preview = await post('/api/publications/import/preview/', { bibtex: PAPERS_BIB });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportPlan>()).toEqual({
      added: [
        { cite_key: 'northcote2019slv', title: 'Calibrating stochastic-local volatility with jumps' },
        { cite_key: 'northcote2024rough', title: 'Pricing under α-stable Lévy processes with σ² = 0.04' },
      ],
      updated: [],
      unchanged: [],
    });
    expect(await list()).toEqual([]);

    expect((await post('/api/publications/import/', { bibtex: PAPERS_BIB })).statusCode).toBe(200);
    const [preprint, article] = await list();
    expect(article).toMatchObject({ ...ARTICLE_AS_SHOWN, paper_url: '' });
    expect(preprint).toMatchObject({ arxiv: '2403.01234', is_working_paper: true, venue: 'arXiv preprint arXiv:2403.01234' });
    expect(preprint.title_html).toContain('<math');
    // The list says an abstract is there; the paper's page holds it.
    expect(preprint).not.toHaveProperty('abstract_html');
    expect([preprint.has_abstract, article.has_abstract]).toEqual([true, false]);
    const paper = await server.inject({ method: 'GET', url: `/api/publications/papers/${preprint.key}/` });
    expect(paper.json<Paper>().abstract_html).toContain('<em>after</em>');
    expect(preprint.bibtex.startsWith('@misc{northcote2024rough,')).toBe(true);
  });

  it('updates entries by citation key, keeping what staff set by hand, and says which fields change', async () => {
    await post('/api/publications/import/', { bibtex: PAPERS_BIB });
    const [, article] = await list();
    await server.inject({ method: 'PATCH', url: `/api/publications/${article.id}/`, headers: staff, payload: { is_working_paper: true } });
    const revised = PAPERS_BIB.replace('year = {2019}', 'year = {2020}') + WORKING_PAPER_BIB;
    const plan = (await post('/api/publications/import/preview/', { bibtex: revised })).json<ImportPlan>();
    expect(plan).toEqual({
      added: [{ cite_key: 'northcote2025costs', title: 'Transaction costs in statistical arbitrage' }],
      updated: [{ cite_key: 'northcote2019slv', title: 'Calibrating stochastic-local volatility with jumps', changes: ['year'] }],
      unchanged: ['northcote2024rough'],
    });
    await post('/api/publications/import/', { bibtex: revised });
    const after = await list();
    expect(after.map((entry) => entry.cite_key)).toEqual(['northcote2025costs', 'northcote2024rough', 'northcote2019slv']);
    expect(after[2]).toMatchObject({ year: 2020, is_working_paper: true, id: article.id });
    expect(after[0]).toMatchObject({ ssrn: '4567890', venue: 'SSRN, Working Paper 4567890' });
  });

  it('imports nothing from a malformed file and names the line and entry of each problem', async () => {
    const broken = `${WORKING_PAPER_BIB}\n@article{broken2020,\n  title = {Unclosed {brace},\n  year = 2020\n}\n@article{northcote2025costs, title = {Again}}\n`;
    const response = await post('/api/publications/import/', { bibtex: broken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      bibtex: [
        'Line 8, entry "broken2020": unbalanced braces in field "title".',
        'Line 12: citation key "northcote2025costs" is used twice (first on line 1).',
      ],
    });
    expect(await list()).toEqual([]);
  });

  it('edits one entry through its BibTeX, keeping its citation key', async () => {
    await post('/api/publications/import/', { bibtex: WORKING_PAPER_BIB });
    const [paper] = await list();
    const patch = (payload: object) => server.inject({ method: 'PATCH', url: `/api/publications/${paper.id}/`, headers: staff, payload });
    const edited = await patch({ bibtex: WORKING_PAPER_BIB.replace('Transaction costs', 'Trading costs') });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<ListedPublication>().title).toBe('Trading costs in statistical arbitrage');
    expect((await patch({ bibtex: WORKING_PAPER_BIB.replace('northcote2025costs', 'other') })).json()).toEqual({
      bibtex: [PUBLICATION_MESSAGES.sameKey('northcote2025costs')],
    });
    expect((await patch({ bibtex: `${WORKING_PAPER_BIB}\n${PAPERS_BIB}` })).json()).toEqual({ bibtex: [PUBLICATION_MESSAGES.oneEntry] });
  });

  it('attaches a paper that visitors download from the publication, and reorders and deletes entries', async () => {
    await post('/api/publications/import/', { bibtex: PAPERS_BIB.replace('year={2024}', 'year={2019}') });
    const [first, second] = await list();
    const document = await documentIn(server, staff, 'Papers', 'Paper');
    const patch = (payload: object) => server.inject({ method: 'PATCH', url: `/api/publications/${first.id}/`, headers: staff, payload });
    expect((await patch({ document: 9999 })).json()).toEqual({ document: [PUBLICATION_MESSAGES.noDocument(9999)] });
    expect((await patch({ document })).json<ListedPublication>().paper_url).toBe(`/research/${first.key}/paper.pdf`);
    const get = (url: string) => server.inject({ method: 'GET', url });
    // Beside the paper's page, shown in the browser.
    const paper = await get(`/research/${first.key}/paper.pdf`);
    expect(paper.statusCode).toBe(200);
    expect(paper.headers['content-type']).toBe('application/pdf');
    expect(paper.headers['content-disposition']).toMatch(/^inline; filename="document\.pdf"/);
    expect(paper.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another type's or spelling's address leads there; an address of no document type is no paper.
    for (const url of [`/research/${first.key}/paper.docx`, `/research/${first.key.toUpperCase()}/paper.pdf`]) {
      const moved = await get(url);
      expect([url, moved.statusCode, moved.headers.location]).toEqual([url, 302, `/research/${first.key}/paper.pdf`]);
    }
    expect((await get(`/research/${first.key}/paper.exe`)).statusCode).toBe(404);
    expect((await get(`/research/${second.key}/paper.pdf`)).json()).toEqual({ detail: PUBLICATION_MESSAGES.noPaper });
    expect((await get('/research/no-such-paper/paper.pdf')).json()).toEqual({ detail: PUBLICATION_MESSAGES.noPaper });
    // The first address still serves it, as a download.
    const download = await get(`/api/publications/${first.id}/paper/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await get(`/api/publications/${second.id}/paper/`)).json()).toEqual({ detail: PUBLICATION_MESSAGES.noPaper });
    // A visitor's download of the paper, at either address, counts for the document on the staff dashboard.
    const downloads = await server.inject({ method: 'GET', url: '/api/documents/downloads/', headers: staff });
    expect(downloads.json<DownloadStats>().documents).toEqual([expect.objectContaining({ id: document, total: 2 })]);

    const order = (ids: number[]) => server.inject({ method: 'PUT', url: '/api/publications/order/', headers: staff, payload: { ids } });
    expect((await order([first.id])).json()).toEqual({ ids: [PUBLICATION_MESSAGES.everyId] });
    expect((await order([second.id, first.id])).statusCode).toBe(200);
    expect((await list()).map((entry) => entry.id)).toEqual([second.id, first.id]);

    expect((await server.inject({ method: 'DELETE', url: `/api/publications/${second.id}/`, headers: staff })).statusCode).toBe(204);
    expect((await list()).map((entry) => entry.id)).toEqual([first.id]);
    expect((await server.inject({ method: 'DELETE', url: `/api/publications/${second.id}/`, headers: staff })).statusCode).toBe(404);
  });

  it('lists years newest first, undated last, and within a year the order staff set', async () => {
    const entry = (key: string, year?: number) => `@article{${key}, title = {${key}}, author = {Doe, Jane}${year ? `, year = {${year}}` : ''}}`;
    await post('/api/publications/import/', { bibtex: [entry('old', 2019), entry('undated'), entry('a', 2024), entry('b', 2024)].join('\n') });
    const keys = async () => (await list()).map((publication) => publication.cite_key);
    expect(await keys()).toEqual(['a', 'b', 'old', 'undated']);
    const ids = Object.fromEntries((await list()).map((publication) => [publication.cite_key, publication.id]));

    // Swapping two papers of a year shows; putting an older paper first does not lift it above newer years.
    expect(
      (await server.inject({ method: 'PUT', url: '/api/publications/order/', headers: staff, payload: { ids: [ids.old, ids.b, ids.a, ids.undated] } }))
        .statusCode,
    ).toBe(200);
    expect(await keys()).toEqual(['b', 'a', 'old', 'undated']);
    // A later import adds a paper last in its year.
    await post('/api/publications/import/', { bibtex: entry('c', 2024) });
    expect(await keys()).toEqual(['b', 'a', 'c', 'old', 'undated']);
  });

  it('marks papers for the home page, which lists them in short in the list’s order; a re-import keeps the mark', async () => {
    await post('/api/publications/import/', { bibtex: PAPERS_BIB });
    const [preprint, article] = await list();
    expect(preprint.selected).toBe(false);
    const select = (id: number, selected: boolean) =>
      server.inject({ method: 'PATCH', url: `/api/publications/${id}/`, headers: staff, payload: { selected } });
    const selectedList = async () => (await server.inject({ method: 'GET', url: '/api/publications/selected/' })).json<SelectedPaper[]>();
    expect(await selectedList()).toEqual([]);

    expect((await select(article.id, true)).json<ListedPublication>().selected).toBe(true);
    expect((await select(preprint.id, true)).statusCode).toBe(200);
    expect(await selectedList()).toEqual([
      {
        id: preprint.id,
        key: 'northcote2024rough',
        title_html: preprint.title_html,
        title_text: preprint.title_text,
        authors: ['Elias Northcote', 'Jane Doe'],
        venue: preprint.venue,
        year: 2024,
      },
      expect.objectContaining({ id: article.id, key: 'northcote2019slv', year: 2019 }),
    ]);
    const audit = await server.db.selectFrom('audit_log').select(['action', 'details']).where('action', '=', 'publication.updated').execute();
    expect(audit).toEqual([
      { action: 'publication.updated', details: 'Changed home-page selection.' },
      { action: 'publication.updated', details: 'Changed home-page selection.' },
    ]);

    await post('/api/publications/import/', { bibtex: PAPERS_BIB.replace('year = {2019}', 'year = {2020}') });
    expect((await list()).find((entry) => entry.id === article.id)).toMatchObject({ year: 2020, selected: true });
    expect((await select(preprint.id, false)).json<ListedPublication>().selected).toBe(false);
    expect((await selectedList()).map((paper) => paper.id)).toEqual([article.id]);
    expect((await server.inject({ method: 'PATCH', url: `/api/publications/${article.id}/`, headers: visitor, payload: { selected: false } })).statusCode).toBe(
      403,
    );
  });

  it('lets only staff import or change publications', async () => {
    expect((await post('/api/publications/import/', { bibtex: PAPERS_BIB }, {})).statusCode).toBe(401);
    expect((await post('/api/publications/import/preview/', { bibtex: PAPERS_BIB }, visitor)).statusCode).toBe(403);
    expect((await server.inject({ method: 'PUT', url: '/api/publications/order/', headers: visitor, payload: { ids: [] } })).statusCode).toBe(403);
  });
});
