import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Document, Image } from '../../../server/contract';
import { checkMedia, removeOrphans } from '../../../server/src/services/mediaCheck';
import { randomName, storageKey } from '../../../server/src/storage';
import { serverWithAccountsFor } from '../testServer';
import { createCategory, uploadDocument, uploadImage } from './client';
import { filesOnDisk } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(60_000);

const execFileAsync = promisify(execFile);
const root = path.join(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('media check', () => {
  const { server, staff } = serverWithAccountsFor();

  /** One image and one document, each with its files: everything a row points at. */
  async function uploadSome() {
    const image = (await uploadImage(server, staff)).json<Image>();
    const category = await createCategory(server, staff, 'CV');
    const document = (await uploadDocument(server, staff, { category: String(category.id), is_current: 'true' })).json<Document>();
    return { image, document, referenced: filesOnDisk(server.config.dataDir) };
  }

  const stray = async (folder: 'images' | 'documents', extension: string) => {
    const key = storageKey(folder, randomName(), extension);
    await server.storage.put(key, Buffer.from('left behind'));
    return key;
  };

  /** Runs `npm run media:check` against the test server's data, as an operator would. */
  async function command(...args: string[]): Promise<{ code: number; stdout: string }> {
    try {
      const { stdout } = await execFileAsync(tsx, [path.join(root, 'server/src/cli/mediaCheck.ts'), ...args], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: server.config.dataDir,
          ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
        },
        timeout: 60_000,
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it('finds nothing wrong with a site whose files and rows agree', async () => {
    await uploadSome();
    expect(await checkMedia(server)).toEqual({ orphans: [], missing: [], uploading: [] });
  });

  it('lists orphan files and rows whose file is missing, and removes only the orphans', async () => {
    const { image, referenced } = await uploadSome();
    const orphans = [await stray('images', 'webp'), await stray('documents', 'pdf')].sort();
    const thumb = image.sizes.thumb.replace('/media/', '');
    fs.rmSync(path.join(server.config.dataDir, 'media', thumb));

    const report = await checkMedia(server);
    expect(report.orphans.map((file) => file.key).sort()).toEqual(orphans);
    expect(report.orphans[0].size).toBe(11);
    expect(Math.abs(Date.now() - report.orphans[0].modified.getTime())).toBeLessThan(60_000);
    expect(report.missing).toEqual([{ key: thumb, owner: `image ${image.id} "A photo"` }]);

    const { removed, failed } = await removeOrphans(server, report);
    expect(removed.sort()).toEqual(orphans);
    expect(failed).toEqual([]);
    expect(filesOnDisk(server.config.dataDir)).toEqual(referenced.filter((key) => key !== thumb));
    expect((await server.inject({ method: 'GET', url: image.image_url })).statusCode).toBe(200);
  });

  it('never removes a file a row points at, even when a report calls it an orphan', async () => {
    const { referenced } = await uploadSome();
    const orphan = await stray('images', 'png');
    // As if the rows had been written after the storage was listed.
    const stale = { orphans: [...referenced, orphan].map((key) => ({ key, size: 1, modified: new Date() })), missing: [], uploading: [] };
    expect(await removeOrphans(server, stale)).toEqual({ removed: [orphan], failed: [] });
    expect(filesOnDisk(server.config.dataDir)).toEqual(referenced);
  });

  it('leaves files that are not ours, and temporary files, out of the listing', async () => {
    await uploadSome();
    const media = path.join(server.config.dataDir, 'media');
    fs.writeFileSync(path.join(media, 'images', 'notes.txt'), 'an operator’s file');
    fs.writeFileSync(path.join(media, '.tmp', 'partial'), 'half a file');
    expect(await checkMedia(server)).toEqual({ orphans: [], missing: [], uploading: [] });
  });

  it('is run as `npm run media:check`, which fixes with --fix', async () => {
    const { referenced } = await uploadSome();
    const orphan = await stray('documents', 'txt');

    const listed = await command();
    expect(listed.code).toBe(1);
    expect(listed.stdout).toContain('Orphan files (stored, pointed at by no row): 1');
    expect(listed.stdout).toContain(orphan);
    expect(listed.stdout).toContain('Missing files (pointed at by a row, not stored): 0');
    expect(filesOnDisk(server.config.dataDir)).toContain(orphan);

    const fixed = await command('--fix');
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('Removed 1 orphan files.');
    expect(filesOnDisk(server.config.dataDir)).toEqual(referenced);

    const clean = await command();
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('Orphan files (stored, pointed at by no row): 0');
  });
});
