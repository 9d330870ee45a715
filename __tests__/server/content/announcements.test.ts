import type { CurrentContent, SiteContent } from '../../../server/contract/content';
import { seedContent } from '../../../server/src/content/seed';
import { recordChanges, serverWithAccountsFor } from '../testServer';

/** Cached pages and answers are dropped on an announced change: one per real save, none otherwise. */
describe('site content writes announce their changes', () => {
  const { server, staff, user: visitor } = serverWithAccountsFor();

  const read = async () => (await server.inject({ method: 'GET', url: '/api/site-content/' })).json<CurrentContent>();
  const save = (version: number, content: SiteContent, headers = staff) =>
    server.inject({ method: 'PUT', url: '/api/site-content/', headers, payload: { version, content } });
  const restore = (id: number, version: number) =>
    server.inject({ method: 'POST', url: `/api/site-content/versions/${id}/restore/`, headers: staff, payload: { version } });
  const withName = (name: string): SiteContent => ({ ...structuredClone(seedContent), name });

  it('announces nothing for a refused save or one that changes nothing', async () => {
    const { version } = await read();
    const announced = recordChanges(server);
    expect((await save(version, withName('   '))).statusCode).toBe(400);
    expect((await save(version, withName('Someone'), visitor)).statusCode).toBe(403);
    expect((await save(version + 1, withName('Someone'))).statusCode).toBe(409);
    const unchanged = await save(version, seedContent);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<CurrentContent>().version).toBe(version);
    expect((await restore(999, version)).statusCode).toBe(404);
    expect(announced).toEqual([]);
  });

  it('announces a save and a restore once each', async () => {
    const first = await read();
    const announced = recordChanges(server);
    const saved = (await save(first.version, withName('E. Northcote'))).json<CurrentContent>();
    expect(announced).toEqual([['SiteContent']]);
    expect((await restore(first.version, saved.version)).statusCode).toBe(200);
    expect(announced).toEqual([['SiteContent'], ['SiteContent']]);
  });
});
