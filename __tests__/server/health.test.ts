import { S3_BUCKET, startS3 } from './s3Server';
import { buildTestServer, testServerFor } from './testServer';

describe('GET /api/health', () => {
  const server = testServerFor();

  it('answers ok once the database is reachable', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404, never the SPA page', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /api/health/ready', () => {
  const server = testServerFor();

  it('names the database and the storage, each ok', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', load: 'ok' });
  });

  it('answers 503 and names the storage when it cannot be used', async () => {
    const { storage } = server;
    const check = storage.check;
    storage.check = async () => {
      throw new Error('The S3 bucket site-media cannot be used: there is no such bucket.');
    };
    try {
      const res = await server.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable', load: 'ok' });
      expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      storage.check = check;
    }
  });
});

describe('starting on S3', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('refuses to start with a bucket that does not exist, saying so', async () => {
    const wrong = s3.storageUrl.replace(`s3://${S3_BUCKET}/`, 's3://no-such-bucket/');
    await expect(buildTestServer({ storageUrl: wrong })).rejects.toThrow(
      /^The S3 bucket no-such-bucket\/media\/ at http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no such bucket\.$/,
    );
  });

  it('refuses to start when the S3 endpoint cannot be reached, saying why', async () => {
    const unreachable = s3.storageUrl.replace(/endpoint=http:\/\/127\.0\.0\.1:\d+/, 'endpoint=http://127.0.0.1:9');
    await expect(buildTestServer({ storageUrl: unreachable })).rejects.toThrow(
      /^The S3 bucket site-media\/media\/ at http:\/\/127\.0\.0\.1:9 cannot be used: .+\.$/,
    );
  });

  it('starts with a bucket that exists, and says it is ready', async () => {
    const server = await buildTestServer({ storageUrl: s3.storageUrl });
    expect((await server.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', load: 'ok' });
    await server.cleanup();
  });
});

describe('shedding load', () => {
  // Measured every 200 ms: a loop held for a second is past a 20 ms mean delay at the next sample
  // (taken as soon as the loop is free), which the checks then have 200 ms to see.
  const server = testServerFor({ maxEventLoopDelayMs: 20, loadSampleMs: 200 });

  const holdEventLoop = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };
  const nextSample = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

  async function whileBusy(check: () => Promise<void>) {
    holdEventLoop(1_000);
    await nextSample();
    expect(server.isUnderPressure()).toBe(true);
    await check();
  }

  it('answers API calls 503 with Retry-After and a message while the event loop lags, then serves again', async () => {
    await whileBusy(async () => {
      const res = await server.inject({ method: 'GET', url: '/api/news/' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ detail: 'The server is busy. Please try again in a few seconds.' });
    });
    // Samples without lag bring it back.
    for (let i = 0; i < 50 && server.isUnderPressure(); i += 1) await nextSample(210);
    expect((await server.inject({ method: 'GET', url: '/api/news/' })).statusCode).toBe(200);
  });

  it('answers a page a browser asks for with a page saying so', async () => {
    await whileBusy(async () => {
      const res = await server.inject({ method: 'GET', url: '/about?x=1', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Server busy</h1>');
    });
  });

  it('keeps the liveness check answering, and readiness says busy', async () => {
    await whileBusy(async () => {
      expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await server.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'ok', load: 'busy' });
    });
  });
});
