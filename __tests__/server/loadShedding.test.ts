import { ENTRY, pageServerFor } from './testServer';

/** Measured every 200 ms: a mean event-loop delay past 40 ms in 3 samples in a row sheds. */
const LIMITS = { maxEventLoopDelayMs: 40, loadSampleMs: 200, lagSamples: 3 };

const holdEventLoop = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const turn = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shedding load', () => {
  const { server } = pageServerFor('all', LIMITS);
  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  /** Work that keeps the event loop lagging (held most of each sample) until the server sheds. */
  async function lagUntilShedding() {
    const deadline = Date.now() + 10_000;
    while (!server.isUnderPressure() && Date.now() < deadline) {
      holdEventLoop(100);
      await turn();
    }
    expect(server.isUnderPressure()).toBe(true);
  }

  afterEach(async () => {
    // Samples without lag bring it back.
    for (let i = 0; i < 50 && server.isUnderPressure(); i += 1) await turn(210);
    expect(server.isUnderPressure()).toBe(false);
  });

  it('sheds nothing for one long piece of work, only for a lag that lasts', async () => {
    // From a calm loop: several samples in a row under the limit.
    for (let calm = 0; calm < LIMITS.lagSamples;) {
      await turn(LIMITS.loadSampleMs);
      calm = server.memoryUsage().eventLoopDelay > LIMITS.maxEventLoopDelayMs ? 0 : calm + 1;
    }
    holdEventLoop(1_000);
    const measured: number[] = [];
    // Five samples and more.
    for (let i = 0; i < 50; i += 1) {
      await turn(25);
      measured.push(server.memoryUsage().eventLoopDelay);
      expect([measured, server.isUnderPressure()]).toEqual([measured, false]);
    }
    expect(Math.max(...measured)).toBeGreaterThan(LIMITS.maxEventLoopDelayMs);
    expect((await get('/api/news/')).statusCode).toBe(200);

    await lagUntilShedding();
    expect((await get('/api/news/')).statusCode).toBe(503);
  });

  it('answers API calls 503 with Retry-After and a message, and a page it would render with a page saying so', async () => {
    await lagUntilShedding();
    const res = await get('/api/news/');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ detail: 'The server is busy. Please try again in a few seconds.' });

    await lagUntilShedding();
    const page = await get('/about?x=1', { accept: 'text/html' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Server busy</h1>');
  });

  it('keeps the liveness check answering, and readiness says busy', async () => {
    await lagUntilShedding();
    expect((await get('/api/health')).statusCode).toBe(200);
    await lagUntilShedding();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'ok', storage: 'ok', load: 'busy' });
  });

  it('still answers what costs next to nothing: the SPA’s files, crawler files, feeds, and pages it keeps', async () => {
    // Rendered before the lag.
    expect((await get('/cv')).statusCode).toBe(200);
    expect((await get('/no/such/page')).statusCode).toBe(404);
    const answers: Record<string, number> = {};
    for (const url of [ENTRY[2], '/robots.txt', '/sitemap.xml', '/feed.xml', '/feed.json', '/cv', '/cv?from=mail', '/no/such/page', '/CV', '/teaching']) {
      await lagUntilShedding();
      answers[url] = (await get(url, { accept: 'text/html' })).statusCode;
    }
    expect(answers).toEqual({
      [ENTRY[2]]: 200,
      '/robots.txt': 200,
      '/sitemap.xml': 200,
      '/feed.xml': 200,
      '/feed.json': 200,
      '/cv': 200,
      '/cv?from=mail': 200,
      '/no/such/page': 404,
      // Another spelling, sent to the page's own address.
      '/CV': 301,
      // Not rendered yet.
      '/teaching': 503,
    });
  });
});
