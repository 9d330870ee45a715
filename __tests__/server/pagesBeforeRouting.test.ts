import http from 'node:http';

import { saveContent } from './content/client';
import { pageServerFor } from './testServer';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Through node:http, so that the headers and bytes are what went over the connection. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const withoutDate = ({ date: _date, ...headers }: http.IncomingHttpHeaders) => headers;

describe('cached pages answered before routing, on a listening server', () => {
  let port: number;
  const { server, staff } = pageServerFor('all', { publicUrl: 'https://northcote.example', trustProxy: 1 });
  const early: boolean[] = [];

  beforeAll(async () => {
    port = Number(new URL(await server.listen({ host: '127.0.0.1', port: 0 })).port);
    // Records whether each request was answered before routing.
    const answer = server.beforeRouting.answer;
    if (!answer) throw new Error('The pages plugin answers nothing before routing.');
    server.beforeRouting.answer = (request, response) => {
      const answered = answer(request, response);
      early.push(answered);
      return answered;
    };
  });
  beforeEach(() => {
    early.length = 0;
  });

  it('answers a rendered page with the same status, headers and bytes as through the routes', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip' }, { cookie: 'theme=dark', 'accept-encoding': 'gzip, br' }];
    for (const headers of variants) {
      early.length = 0;
      // With a query string (which this page does not read) the same cached page goes through the routes.
      const routed = await get(port, '/about?via=routes', headers);
      const answered = await get(port, '/about', headers);
      expect(early).toEqual([false, true]);
      expect(answered.status).toBe(200);
      expect(withoutDate(answered.headers)).toEqual(withoutDate(routed.headers));
      expect(answered.body.equals(routed.body)).toBe(true);
    }
  });

  it('answers 304 to a cache that holds the page, with its validator and policies', async () => {
    const { headers } = await get(port, '/research');
    const again = await get(port, '/research', { 'if-none-match': String(headers.etag) });
    expect(early).toEqual([false, true]);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(headers.etag);
    expect(again.headers['content-security-policy']).toBe(headers['content-security-policy']);
    expect(again.body.length).toBe(0);
  });

  it('leaves to the routes what only they can answer: a query, another method, a forwarded protocol, a redirect, an unknown page', async () => {
    await get(port, '/cv');
    expect((await get(port, '/cv?from=mail')).status).toBe(200);
    const viaProxy = await get(port, '/cv', { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get(port, '/cv/')).status).toBe(301);
    expect((await get(port, '/no-such-page')).status).toBe(404);
    expect((await get(port, '/no-such-page')).status).toBe(404);
    expect(early).toEqual([false, false, false, false, false, false]);
    const head = await new Promise<number>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path: '/cv', method: 'HEAD', agent: false }, (res) => resolve(res.statusCode ?? 0))
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
    expect(early.at(-1)).toBe(false);
  });

  it('answers the new page once a write has changed it', async () => {
    await get(port, '/');
    expect((await get(port, '/')).body.toString()).not.toContain('A tagline written now');
    await saveContent(server, staff, { tagline: 'A tagline written now' });
    const changed = await get(port, '/');
    expect(changed.body.toString()).toContain('A tagline written now');
    expect(early).toEqual([false, true, false]);
  });
});
