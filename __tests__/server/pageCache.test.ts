import zlib from 'node:zlib';

import type { NoteInput } from '../../server/contract/notes';
import * as render from '../../server/src/pages/render';
import * as preloadedState from '../../src/app/preloadedState';
import { type Auth, pageServerFor, type TestServer } from './testServer';

const saveNote = async (server: TestServer, staff: Auth, fields: Partial<NoteInput>) => {
  const payload = { title: 'Volatility smiles', summary: '', tags: [], cover_image: null, body: 'The smile.', publish: 'now', publish_at: null, ...fields };
  const response = await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload });
  expect(response.statusCode).toBe(201);
};

/** Counts the app's renderings from now on, by address. */
function countRenders() {
  let renderApp: jest.SpyInstance | undefined;
  beforeAll(() => {
    renderApp = jest.spyOn(render, 'renderApp');
  });
  afterAll(() => renderApp?.mockRestore());
  return () => renderApp?.mock.calls.length ?? 0;
}

describe('pages of addresses that name nothing', () => {
  const { server, staff } = pageServerFor('all');
  const renders = countRenders();
  const get = (url: string) => server.inject({ method: 'GET', url });

  beforeAll(async () => {
    await saveNote(server, staff, { slug: 'volatility-smiles', tags: ['volatility'] });
  });

  it('answers a tag no published note carries 404, as a page and through the API', async () => {
    expect((await get('/notes/tag/volatility')).statusCode).toBe(200);
    expect((await get('/api/notes/?tag=volatility')).statusCode).toBe(200);

    const page = await get('/notes/tag/bonds');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Bee Error?');
    // The browser shows the not-found page at the address too, rather than the notes screen.
    expect(page.body).toContain('<div id="root" data-not-found>');
    const api = await get('/api/notes/?tag=bonds');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 2,000 such addresses with the one not-found page, rendering and keeping nothing for them', async () => {
    const notFound = await get('/no/such/page');
    expect(notFound.statusCode).toBe(404);
    const kept = server.pageCacheUse();
    const rendered = renders();
    const addresses = (i: number) => [
      `/notes/missing-${i}`,
      `/research/missing-${i}`,
      `/notes/tag/missing-${i}`,
      `/research/topic/missing-${i}`,
      `/missing/${i}`,
    ];
    for (let i = 0; i < 400; i += 1) {
      for (const url of addresses(i)) {
        const res = await get(url);
        expect([url, res.statusCode, res.body.includes('data-not-found')]).toEqual([url, 404, true]);
      }
    }
    expect(server.pageCacheUse().pages).toEqual(kept.pages);
    // On PostgreSQL another instance's writes may go unheard, so kept pages expire after a few seconds: the
    // not-found page is then drawn again, once per expiry, never once per address.
    expect(renders() - rendered).toBeLessThan(server.dialect === 'postgres' ? 10 : 1);
    // A page that exists is kept as before.
    expect((await get('/notes/volatility-smiles')).statusCode).toBe(200);
    expect(server.pageCacheUse().pages).toBe(kept.pages + 1);
  }, 120_000);
});

describe('a page cache over its bound', () => {
  // Room for a few pages only.
  const bound = 0.1;
  const { server } = pageServerFor('all', { pageCacheMb: bound });
  const renders = countRenders();
  const get = (url: string) => server.inject({ method: 'GET', url });

  it('keeps the pages asked for most recently within its bytes, and renders the others again', async () => {
    const pages = ['/', '/cv', '/research', '/notes', '/talks', '/teaching', '/on-the-web', '/about', '/login', '/register', '/forgot-password'];
    for (const url of pages) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 200]);
      expect(server.pageCacheUse().bytes).toBeLessThanOrEqual(bound * 1024 * 1024);
    }
    expect(server.pageCacheUse().pages).toBeGreaterThan(1);
    expect(server.pageCacheUse().pages).toBeLessThan(pages.length);

    const before = renders();
    await get(pages[pages.length - 1]);
    expect(renders()).toBe(before);
    await get(pages[0]);
    expect(renders()).toBe(before + 1);
  });
});

describe('a page rendered again while its data is unchanged', () => {
  // Room for no page: every request renders.
  const { server, staff } = pageServerFor('all', { pageCacheMb: 1 / 1024 });
  const renders = countRenders();
  const get = (url: string, dark = false) => server.inject({ method: 'GET', url, headers: dark ? { cookie: 'theme=dark' } : {} });
  let prefetch: jest.SpyInstance;
  beforeAll(async () => {
    await saveNote(server, staff, { title: 'Volatility smiles', slug: 'volatility-smiles' });
    prefetch = jest.spyOn(preloadedState, 'prefetchPage');
  });
  afterAll(() => prefetch.mockRestore());

  it('starts from the data its last rendering fetched, in either theme, until a change', async () => {
    const first = await get('/notes');
    expect(first.body).toContain('Volatility smiles');
    const [rendered, fetched] = [renders(), prefetch.mock.calls.length];

    const again = await get('/notes');
    const dark = await get('/notes', true);
    expect(renders()).toBe(rendered + 2);
    expect(prefetch.mock.calls.length).toBe(fetched);
    expect(again.body).toBe(first.body);
    expect(dark.body).toContain('<html lang="en" class="dark">');
    expect(dark.body).toContain('Volatility smiles');

    // The first page of a screen since the start waits for its code; later ones render in one pass.
    const [news, newsAgain] = [await get('/news'), await get('/news')];
    expect(news.body).not.toContain('Loading Application...');
    expect(newsAgain.body).toBe(news.body);

    // A long body's compression is reused: the page is answered the same, compressed or not, each time.
    const body = Array.from({ length: 1500 }, (_, i) => `Paragraph ${i} on the smile's wings, $\\sigma_{${i}}$.`).join('\n\n');
    await saveNote(server, staff, { title: 'A long note', slug: 'a-long-note', body });
    const plain = await get('/notes/a-long-note');
    expect(plain.body.length).toBeGreaterThan(100_000);
    for (let i = 0; i < 2; i += 1) {
      const gzip = await server.inject({ method: 'GET', url: '/notes/a-long-note', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }

    await saveNote(server, staff, { title: 'Term structures', slug: 'term-structures' });
    const changed = await get('/notes');
    expect(prefetch.mock.calls.length).toBeGreaterThan(fetched);
    expect(changed.body).toContain('Term structures');
  });
});
