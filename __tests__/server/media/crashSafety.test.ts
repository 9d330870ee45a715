import { isoAt } from '../../../server/src/db/columns';
import * as documents from '../../../server/src/repositories/documents';
import * as images from '../../../server/src/repositories/images';
import { checkMedia, removeOrphans } from '../../../server/src/services/mediaCheck';
import { ABANDONED_AFTER_MS } from '../../../server/src/services/uploadedFiles';
import { buildTestServer, insertUser, type TestServer } from '../testServer';
import { createCategory, uploadDocument, uploadImage } from './client';
import { filesOnDisk } from './fixtures';

// Each test builds servers on fresh databases; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

type OwnedServer = TestServer & { cleanup: () => Promise<void> };

/**
 * A crash between storing an upload's files and creating its row: the row is never written, and the
 * process dies before it can remove anything (its removals fail here).
 */
async function crashDuringUploads(server: TestServer) {
  const staff = (await insertUser(server, { is_staff: true })).auth;
  const category = await createCategory(server, staff, 'CV');
  jest.spyOn(images, 'createImage').mockRejectedValue(new Error('killed'));
  jest.spyOn(documents, 'createDocument').mockRejectedValue(new Error('killed'));
  jest.spyOn(server.storage, 'delete').mockRejectedValue(new Error('killed'));
  expect((await uploadImage(server, staff)).statusCode).toBe(500);
  expect((await uploadDocument(server, staff, { category: String(category.id) })).statusCode).toBe(500);
  jest.restoreAllMocks();
}

const pendingKeys = async (server: TestServer) => (await server.db.selectFrom('pending_uploads').select('key').execute()).map((row) => row.key).sort();

/** Makes the recorded uploads look as old as a crash an hour ago would have left them. */
const age = (server: TestServer) =>
  server.db
    .updateTable('pending_uploads')
    .set({ started_at: isoAt(Date.now() - ABANDONED_AFTER_MS - 60_000) })
    .execute();

describe('a crash in the middle of an upload', () => {
  const servers: OwnedServer[] = [];
  const start = async (...args: Parameters<typeof buildTestServer>) => {
    const server = await buildTestServer(...args);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    jest.restoreAllMocks();
    for (const server of servers.splice(0).reverse()) await server.cleanup();
  });

  it('leaves files that nothing shows, recorded as a pending upload', async () => {
    const server = await start();
    await crashDuringUploads(server);
    const files = filesOnDisk(server.config.dataDir);
    expect(files).toHaveLength(6);
    expect(await pendingKeys(server)).toEqual(files);
    expect((await server.inject({ method: 'GET', url: '/api/photos/images/' })).json()).toEqual([]);
    expect(await server.db.selectFrom('documents').select('id').execute()).toEqual([]);
  });

  it('is cleaned up at the next start once the uploads are over an hour old', async () => {
    const crashed = await start();
    await crashDuringUploads(crashed);
    await age(crashed);
    await crashed.close();

    const lines: string[] = [];
    const log = { stream: { write: (line: string) => void lines.push(line) }, flush: () => undefined };
    const restarted = await start({ dataDir: crashed.config.dataDir, databaseUrl: crashed.config.databaseUrl, logLevel: 'info' }, { log });
    expect(filesOnDisk(restarted.config.dataDir)).toEqual([]);
    expect(await pendingKeys(restarted)).toEqual([]);
    expect(lines.join('')).toContain('removed the files of uploads a crash cut short');
  });

  it('leaves uploads of the last hour alone at start, since they may still be under way', async () => {
    const crashed = await start();
    await crashDuringUploads(crashed);
    await crashed.close();
    const restarted = await start({ dataDir: crashed.config.dataDir, databaseUrl: crashed.config.databaseUrl });
    expect(filesOnDisk(restarted.config.dataDir)).toHaveLength(6);
    expect(await pendingKeys(restarted)).toHaveLength(6);
  });

  it('is listed and removed by the media check once over an hour old', async () => {
    const server = await start();
    await crashDuringUploads(server);
    const recent = await checkMedia(server);
    expect(recent.orphans).toEqual([]);
    expect(recent.uploading.map((file) => file.key).sort()).toEqual(filesOnDisk(server.config.dataDir));

    await age(server);
    const report = await checkMedia(server);
    expect(report.orphans.map((file) => file.key).sort()).toEqual(filesOnDisk(server.config.dataDir));
    expect(report.uploading).toEqual([]);
    const { removed, failed } = await removeOrphans(server, report);
    expect(removed).toHaveLength(6);
    expect(failed).toEqual([]);
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
    expect(await pendingKeys(server)).toEqual([]);
  });
});
