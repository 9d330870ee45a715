import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createCategory, uploadDocument } from './media/client';
import { buildTestServer, insertUser } from './testServer';

/** Every file and folder under `dir` whose mode lets other users (group or others) in, with that mode. */
function openToOthers(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const mode = fs.statSync(path.join(dir, name)).mode & 0o777;
    return mode & 0o077 ? [`${name} ${mode.toString(8)}`] : [];
  });
}

const sqliteOnly = process.env.DATABASE_URL ? describe.skip : describe;

sqliteOnly('the files of the data folder', () => {
  it('are readable by the site’s own user only: the database, its journal files and media', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-private-'));
    const server = await buildTestServer({ dataDir });
    const { auth } = await insertUser(server, { is_staff: true });
    const category = await createCategory(server, auth, 'Papers');
    expect((await uploadDocument(server, auth, { name: 'Working paper', category: String(category.id) })).statusCode).toBe(201);
    const names = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
    expect(names).toEqual(expect.arrayContaining(['site.sqlite3', 'site.sqlite3-wal', 'site.sqlite3-shm']));
    expect(names.some((name) => name.startsWith('media'))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o077).toBe(0);
    await server.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are made private when an earlier version left them readable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-private-'));
    const first = await buildTestServer({ dataDir });
    await first.close();
    fs.chmodSync(path.join(dataDir, 'site.sqlite3'), 0o644);
    const again = await buildTestServer({ dataDir });
    expect(fs.statSync(path.join(dataDir, 'site.sqlite3')).mode & 0o777).toBe(0o600);
    await again.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

sqliteOnly('a second instance on the same data folder', () => {
  it('refuses to start, saying why, and starts once the first has stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-twice-'));
    const first = await buildTestServer({ dataDir });
    await expect(buildTestServer({ dataDir })).rejects.toThrow(
      `The data folder ${dataDir} is in use by another instance of the site or by a restore: instances sharing one SQLite database do not hear of each other's changes (one served stale pages). Stop it first, or run several instances on PostgreSQL (DATABASE_URL).`,
    );
    expect((await first.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await first.close();
    const second = await buildTestServer({ dataDir });
    expect((await second.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await second.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
