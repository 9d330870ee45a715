import { S3_BUCKET, s3ServerForTests } from './s3Server';
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
  const server = testServerFor({}, 'all', { ownWorkers: true });

  it('says the worker threads are starting until they have loaded what they need', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'ok', load: 'ok', workers: 'starting' });
    await server.work.warmUp();
  });

  it('names the database, the storage and the workers, each ok', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', load: 'ok', workers: 'ok' });
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
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unavailable', load: 'ok', workers: 'ok' });
      expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      storage.check = check;
    }
  });
});

describe('starting on S3', () => {
  const s3 = s3ServerForTests();

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
    await server.work.warmUp();
    expect((await server.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      storage: 'ok',
      load: 'ok',
      workers: 'ok',
    });
    await server.cleanup();
  });
});
