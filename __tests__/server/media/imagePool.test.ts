import childProcess, { type ChildProcess } from 'node:child_process';

import { ImagePool } from '../../../server/src/services/imagePool';
import { buildTestServer, insertUser } from '../testServer';
import { uploadImage } from './client';
import { pngWithGps } from './fixtures';

// A worker process starts from sources through tsx: a few seconds on a slow machine.
jest.setTimeout(30_000);

/** The worker processes forked while the test runs. */
function watchForks(): ChildProcess[] {
  const forked: ChildProcess[] = [];
  const fork = childProcess.fork;
  jest.spyOn(childProcess, 'fork').mockImplementation((...args: Parameters<typeof fork>) => {
    const child = fork(...args);
    forked.push(child);
    return child;
  });
  return forked;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

describe('the image pool', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('stops its worker when the site closes', async () => {
    const forked = watchForks();
    const server = await buildTestServer();
    try {
      const staff = (await insertUser(server, { is_staff: true })).auth;
      expect((await uploadImage(server, staff)).statusCode).toBe(201);
      expect(forked).toHaveLength(1);
      expect(hasExited(forked[0])).toBe(false);
    } finally {
      await server.cleanup();
    }
    expect(hasExited(forked[0])).toBe(true);
  });

  it('fails the jobs still waiting when closed, and takes no more', async () => {
    const forked = watchForks();
    const pool = new ImagePool();
    const data = await pngWithGps();
    const running = pool.encode({ data, format: 'png', animated: false });
    const waiting = pool.encode({ data, format: 'png', animated: false });
    await pool.close();
    expect(await waiting).toEqual({ ok: false, pixelLimit: false });
    expect((await running).ok).toBe(false);
    expect(forked.every(hasExited)).toBe(true);
    await expect(pool.encode({ data, format: 'png', animated: false })).rejects.toThrow('the image pool is closed');
  });

  it('closes at once when no worker was ever started', async () => {
    const forked = watchForks();
    await new ImagePool().close();
    expect(forked).toEqual([]);
  });
});
