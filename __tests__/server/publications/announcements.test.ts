import type { ListedPublication } from '../../../server/contract/publications';
import { recordChanges, serverWithAccountsFor } from '../testServer';
import { PAPERS_BIB, WORKING_PAPER_BIB } from './fixtures';

/** Cached pages and answers are dropped on an announced change: one per real write, none otherwise. */
describe('publication writes announce their changes', () => {
  const { server, staff, user: visitor } = serverWithAccountsFor();

  const post = (url: string, payload: object, headers = staff) => server.inject({ method: 'POST', url, headers, payload });
  const list = async () => (await server.inject({ method: 'GET', url: '/api/publications/' })).json<ListedPublication[]>();
  const patch = (id: number, payload: object) => server.inject({ method: 'PATCH', url: `/api/publications/${id}/`, headers: staff, payload });
  const order = (ids: number[]) => server.inject({ method: 'PUT', url: '/api/publications/order/', headers: staff, payload: { ids } });
  const remove = (id: number) => server.inject({ method: 'DELETE', url: `/api/publications/${id}/`, headers: staff });
  const auditActions = async () => (await server.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map((row) => row.action);
  /** Imports `bibtex`, then records what is announced from there on; answers the publications and the record. */
  const importedAndWatched = async (bibtex: string) => {
    await post('/api/publications/import/', { bibtex });
    return [await list(), recordChanges(server)] as const;
  };

  it('announces nothing for a preview, a refused import or an import that changes nothing', async () => {
    const announced = recordChanges(server);
    expect((await post('/api/publications/import/preview/', { bibtex: PAPERS_BIB })).statusCode).toBe(200);
    expect((await post('/api/publications/import/', { bibtex: '@article{broken,' })).statusCode).toBe(400);
    expect((await post('/api/publications/import/', { bibtex: PAPERS_BIB }, visitor)).statusCode).toBe(403);
    expect(announced).toEqual([]);

    expect((await post('/api/publications/import/', { bibtex: PAPERS_BIB })).statusCode).toBe(200);
    expect(announced).toEqual([['Publication']]);
    const again = await post('/api/publications/import/', { bibtex: PAPERS_BIB });
    expect(again.json()).toEqual({ added: [], updated: [], unchanged: ['northcote2019slv', 'northcote2024rough'] });
    expect(announced).toEqual([['Publication']]);
    expect(await auditActions()).toEqual(['publications.imported']);
  });

  it('announces a reorder once, and nothing for a refused one or the order already there', async () => {
    const [[first, second], announced] = await importedAndWatched(PAPERS_BIB);
    expect((await order([first.id])).statusCode).toBe(400);
    expect((await order([first.id, second.id])).statusCode).toBe(200);
    expect(announced).toEqual([]);
    expect((await order([second.id, first.id])).statusCode).toBe(200);
    expect(announced).toEqual([['Publication']]);
    expect(await auditActions()).toEqual(['publications.imported', 'publications.reordered']);
  });

  it('announces an edit that changes something, and nothing for a refused edit or one that sets what is there', async () => {
    const [[paper], announced] = await importedAndWatched(WORKING_PAPER_BIB);
    expect((await patch(paper.id, { bibtex: WORKING_PAPER_BIB.replace('northcote2025costs', 'other') })).statusCode).toBe(400);
    expect((await patch(paper.id, { document: 9999 })).statusCode).toBe(400);
    expect((await patch(9999, { is_working_paper: false })).statusCode).toBe(404);
    const same = await patch(paper.id, { bibtex: WORKING_PAPER_BIB, is_working_paper: paper.is_working_paper, document: null });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(paper);
    expect(announced).toEqual([]);

    const edited = await patch(paper.id, { is_working_paper: !paper.is_working_paper });
    expect(edited.json<ListedPublication>().is_working_paper).toBe(!paper.is_working_paper);
    expect(announced).toEqual([['Publication']]);
    expect(await auditActions()).toEqual(['publications.imported', 'publication.updated']);
  });

  it('announces a change of the home page’s papers, and nothing for the mark already there', async () => {
    const [[paper], announced] = await importedAndWatched(WORKING_PAPER_BIB);
    expect((await patch(paper.id, { selected: false })).statusCode).toBe(200);
    expect(announced).toEqual([]);
    expect((await patch(paper.id, { selected: true })).json<ListedPublication>().selected).toBe(true);
    expect(announced).toEqual([['Publication']]);
  });

  it('announces a deletion once, and nothing for a publication that is not there', async () => {
    const [[paper], announced] = await importedAndWatched(WORKING_PAPER_BIB);
    expect((await remove(paper.id)).statusCode).toBe(204);
    expect((await remove(paper.id)).statusCode).toBe(404);
    expect(announced).toEqual([['Publication']]);
  });
});
