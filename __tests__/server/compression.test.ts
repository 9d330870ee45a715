import zlib from 'node:zlib';

import type { LightMyRequestResponse } from 'fastify';

import type { NoteInput } from '../../server/contract/notes';
import { acceptsGzip } from '../../server/src/lib/preparedBody';
import { createCategory, uploadDocument, uploadImage } from './media/client';
import { utf8Text } from './media/fixtures';
import { serverWithAccountsFor } from './testServer';

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

/** The body as the client reads it, whatever the encoding. */
function decoded(answer: LightMyRequestResponse): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(answer.rawPayload).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return answer.body;
}

describe('compressed answers', () => {
  const { server, staff } = serverWithAccountsFor();
  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  const note: NoteInput = {
    title: 'Equity curves',
    slug: 'equity-curves',
    summary: 'Drawn from data.',
    tags: ['backtesting'],
    cover_image: null,
    body: 'Growth compounds, paragraph after paragraph. '.repeat(200),
    publish: 'now',
    publish_at: null,
  };
  const publish = async () => {
    const saved = await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: note });
    expect(saved.statusCode).toBe(201);
    return saved.json<{ id: number }>();
  };

  it.each(['/feed.xml', '/feed.json'])('sends %s gzip-compressed to a client that accepts it, and plain to one that does not', async (url) => {
    await publish();
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body).toContain('Growth compounds');

    const gzip = await get(url, GZIP);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(gzip.headers['content-type']).toBe(plain.headers['content-type']);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decoded(gzip)).toBe(plain.body);
  });

  it('gives the compressed and the plain feed their own ETags, each answered 304 when it matches', async () => {
    await publish();
    const plain = await get('/feed.xml');
    const gzip = await get('/feed.xml', GZIP);
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);
    const gzipTag = String(gzip.headers.etag);
    const revalidated = await get('/feed.xml', { ...GZIP, 'if-none-match': gzipTag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.vary).toBe('accept-encoding');
    expect((await get('/feed.xml', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
    // A cache holding the plain copy asks with its tag; the client wants gzip: it gets the gzip copy.
    const other = await get('/feed.xml', { ...GZIP, 'if-none-match': String(plain.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a cached public API answer once it is over 1 KB, gzip for gzip, and sends it plain otherwise', async () => {
    await publish();
    const plain = await get('/api/notes/equity-curves/');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await get('/api/notes/equity-curves/', GZIP);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());
    // A client that takes brotli only still gets it compressed, by the streaming compressor.
    const br = await get('/api/notes/equity-curves/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
    expect((await get('/api/notes/equity-curves/', { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('compresses an API answer that is not cached (brotli first), and leaves small answers alone', async () => {
    const { id } = await publish();
    const url = `/api/notes/manage/${id}/`;
    const plain = await get(url, staff);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { ...staff, ...GZIP });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
    const gzip = await get(url, { ...staff, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());

    const small = await get('/api/health', GZIP);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses images or document downloads, the CV included', async () => {
    const image = (await uploadImage(server, staff)).json<{ image: string }>();
    const file = await get(new URL(image.image, server.config.publicUrl).pathname, GZIP);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    expect(file.headers['content-encoding']).toBeUndefined();

    // Plain text is the type a compressor would take: a text CV.
    const category = await createCategory(server, staff, 'CV');
    const text = Buffer.concat(Array.from({ length: 100 }, () => utf8Text()));
    const cv = await uploadDocument(server, staff, { name: 'CV', category: String(category.id), is_current: 'true' }, { filename: 'cv.txt', data: text });
    expect(cv.statusCode).toBe(201);
    const download = await get('/cv.txt', GZIP);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.equals(text)).toBe(true);
    const staffDownload = await get(`/api/documents/documents/${cv.json<{ id: number }>().id}/download/`, { ...staff, ...GZIP });
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.headers['content-encoding']).toBeUndefined();
    expect(staffDownload.rawPayload.equals(text)).toBe(true);
  });
});

describe('whether a client accepts gzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['x-gzip', true],
    ['GZIP', true],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['gzipped', false],
    ['', false],
  ])('%j: %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
