import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { TABLES } from '../../server/src/backup/manifest';
import { restoreBackup } from '../../server/src/backup/restore';
import { TarReader } from '../../server/src/backup/tar';
import { enqueueMail } from '../../server/src/repositories/mailQueue';
import { backUp as backUpTo, expectSameSite, furnishedSite, olderArchive, type Site } from './backupSupport';
import { buildTestServer } from './testServer';

// Builds several servers on fresh databases; on PostgreSQL that takes a moment.
jest.setTimeout(60_000);

const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
afterAll(() => fs.rmSync(archiveDir, { recursive: true, force: true }));
const backUp = (site: Site, name: string) => backUpTo(site, archiveDir, name);

describe('backup and restore', () => {
  let source: Site;
  let archive: string;
  beforeAll(async () => {
    source = await furnishedSite();
    archive = await backUp(source, 'site.tar');
  });
  afterAll(async () => {
    await source.cleanup();
  });

  it('writes one tar archive with the rows, the files, the secrets and a manifest of counts and hashes', () => {
    const reader = new TarReader(archive);
    try {
      const names = reader.names();
      expect(names).toEqual(
        expect.arrayContaining(['manifest.json', 'secrets.json', 'database/users.jsonl', 'database/images.jsonl', 'database/documents.jsonl']),
      );
      const manifest = JSON.parse(reader.read('manifest.json').toString());
      expect(manifest.rows).toMatchObject({
        users: 1,
        galleries: 1,
        images: 1,
        documents: 1,
        document_categories: 1,
        publications: 1,
        download_counts: 1,
        news_items: 1,
      });
      // The original picture, four renditions and the CV.
      expect(manifest.files).toHaveLength(6);
      expect(manifest.files.every((f: { sha256: string }) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
      expect(JSON.parse(reader.read('secrets.json').toString())).toEqual(source.config.secrets);
    } finally {
      reader.close();
    }
  });

  it('carries every table but the short-lived ones', async () => {
    const tables = (await source.db.introspection.getTables()).map((table) => table.name);
    const shortLived = ['abuse_counters', 'app_tokens', 'pending_uploads', 'webauthn_challenges'];
    expect([...TABLES, ...shortLived].sort()).toEqual(tables.sort());
  });

  it('restores into a fresh site: the owner signs in, the banner picture and the CV are served, and the secrets are written', async () => {
    const target = await buildTestServer();
    try {
      const report = await restoreBackup(target, target.storage, target.config.dataDir, archive);
      expect(report.rows).toMatchObject(report.manifest.rows);
      expect(report.files).toBe(6);
      expect(fs.readFileSync(path.join(target.config.dataDir, 'secrets', 'jwt.key'), 'utf8')).toBe(source.config.secrets.jwt);
      await expectSameSite(target);
    } finally {
      await target.cleanup();
    }
  });

  it('carries the papers chosen for the home page, and restores a backup from before that choice existed as none chosen', async () => {
    const site = await furnishedSite();
    const restored = await buildTestServer();
    const fromOlder = await buildTestServer();
    const selected = async (target: Site) =>
      (await target.inject({ method: 'GET', url: '/api/publications/' })).json<{ cite_key: string; selected: boolean }[]>().map((paper) => paper.selected);
    try {
      await site.db.updateTable('publications').set({ selected: 1 }).execute();
      const withMark = await backUp(site, 'selected.tar');
      await restoreBackup(restored, restored.storage, restored.config.dataDir, withMark);
      expect(await selected(restored)).toEqual([true]);

      // The same archive as a version without the column would have written it.
      const older = olderArchive(withMark, path.join(archiveDir, 'before-selected.tar'), '017_publication_selected', {
        publications: (rows) => {
          expect(rows.map((row) => row.selected)).toEqual([1]);
          return rows.map(({ selected: _selected, ...row }) => row);
        },
      });
      await restoreBackup(fromOlder, fromOlder.storage, fromOlder.config.dataDir, older);
      expect(await selected(fromOlder)).toEqual([false]);
    } finally {
      await Promise.all([site.cleanup(), restored.cleanup(), fromOlder.cleanup()]);
    }
  });

  it('restores publications from before their titles’ plain text was stored with it', async () => {
    const site = await furnishedSite();
    const fromOlder = await buildTestServer();
    const titles = async (target: Site) => (await target.inject({ method: 'GET', url: '/api/publications/' })).json<{ title_text: string }[]>();
    try {
      await site.db.updateTable('publications').set({ title_html: 'Rough <em>volatility</em> &amp; jumps' }).execute();
      const older = olderArchive(await backUp(site, 'titles.tar'), path.join(archiveDir, 'before-title-text.tar'), '027_publication_title_text', {
        publications: (rows) => rows.map(({ title_text: _text, ...row }) => row),
      });
      await restoreBackup(fromOlder, fromOlder.storage, fromOlder.config.dataDir, older);
      expect((await titles(fromOlder)).map((paper) => paper.title_text)).toEqual(['Rough volatility & jumps']);
    } finally {
      await Promise.all([site.cleanup(), fromOlder.cleanup()]);
    }
  });

  it('carries the medium renditions, and restores a backup from before them with none, derived afterwards', async () => {
    const site = await furnishedSite();
    const restored = await buildTestServer();
    const fromOlder = await buildTestServer();
    const mediumKeys = async (target: Site) => (await target.db.selectFrom('images').select('medium_key').execute()).map((row) => row.medium_key);
    const served = async (target: Site, key: string | null) => (await target.inject({ method: 'GET', url: `/media/${key}` })).statusCode;
    try {
      const [key] = await mediumKeys(site);
      expect(key).toMatch(/-medium\.webp$/);
      await restoreBackup(restored, restored.storage, restored.config.dataDir, await backUp(site, 'medium.tar'));
      expect(await mediumKeys(restored)).toEqual([key]);
      expect(await served(restored, key)).toBe(200);

      // As a version before the medium rendition left the site: no such column, and no such file.
      await site.db.updateTable('images').set({ medium_key: null }).execute();
      await site.storage.delete(String(key));
      const older = olderArchive(await backUp(site, 'without-medium.tar'), path.join(archiveDir, 'before-medium.tar'), '026_image_medium', {
        images: (rows) => rows.map(({ medium_key: _medium, ...row }) => row),
      });
      const report = await restoreBackup(fromOlder, fromOlder.storage, fromOlder.config.dataDir, older);
      expect(report.files).toBe(5);
      expect(await mediumKeys(fromOlder)).toEqual([null]);
      await expectSameSite(fromOlder);
      await fromOlder.background.runAll();
      const [derived] = await mediumKeys(fromOlder);
      expect(derived).toMatch(/-medium\.webp$/);
      expect(await served(fromOlder, derived)).toBe(200);
    } finally {
      await Promise.all([site.cleanup(), restored.cleanup(), fromOlder.cleanup()]);
    }
  });

  it('restores followers from before they were matched by mailbox with their mailbox, and waiting mail in its order', async () => {
    const site = await furnishedSite();
    const fromOlder = await buildTestServer();
    try {
      expect((await site.inject({ method: 'POST', url: '/api/follow/', payload: { email: 'Ada+News@Example.org' } })).statusCode).toBe(202);
      await site.mailQueue.idle();
      await enqueueMail(site.db, [{ kind: 'announcement', to_address: 'reader@example.org' }], new Date().toISOString());
      const current = await backUp(site, 'mailbox.tar');

      // The same archive as a version without mailboxes, and with two places in the order, would have written it.
      const older = olderArchive(current, path.join(archiveDir, 'before-mailbox.tar'), '018_follower_mailbox', {
        followers: (rows) => rows.map(({ mailbox: _mailbox, ...row }) => row),
        mail_queue: (rows) => rows.map((row) => ({ ...row, priority: row.kind === 'announcement' ? 1 : 0 })),
      });
      await restoreBackup(fromOlder, fromOlder.storage, fromOlder.config.dataDir, older);
      expect(await fromOlder.db.selectFrom('followers').select(['email', 'mailbox']).execute()).toEqual([
        { email: 'Ada+News@example.org', mailbox: 'ada@example.org' },
      ]);
      const queued = await fromOlder.db.selectFrom('mail_queue').select(['kind', 'priority']).orderBy('id').execute();
      expect(queued).toEqual([
        { kind: 'follow-confirm', priority: 1 },
        { kind: 'announcement', priority: 2 },
      ]);
    } finally {
      await Promise.all([site.cleanup(), fromOlder.cleanup()]);
    }
  });

  it('refuses a site that has content, unless told to replace it', async () => {
    const target = await furnishedSite();
    try {
      await expect(restoreBackup(target, target.storage, target.config.dataDir, archive)).rejects.toThrow(/not empty .*--replace/);
      const report = await restoreBackup(target, target.storage, target.config.dataDir, archive, { replace: true });
      expect(report.rows.users).toBe(1);
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a damaged archive before changing anything', async () => {
    const damaged = path.join(archiveDir, 'damaged.tar');
    const bytes = fs.readFileSync(archive);
    const reader = new TarReader(archive);
    const manifest = JSON.parse(reader.read('manifest.json').toString());
    reader.close();
    const victim = Buffer.from(`media/${manifest.files[0].key}`);
    const at = bytes.indexOf(victim) + 512;
    bytes[at] ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const target = await buildTestServer();
    try {
      await expect(restoreBackup(target, target.storage, target.config.dataDir, damaged)).rejects.toThrow(/damaged/);
      expect(await target.db.selectFrom('users').selectAll().execute()).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a file that is not a backup', async () => {
    const other = path.join(archiveDir, 'notes.txt');
    fs.writeFileSync(other, 'just some notes\n'.repeat(100));
    const target = await buildTestServer();
    try {
      await expect(restoreBackup(target, target.storage, target.config.dataDir, other)).rejects.toThrow(/not a backup/);
    } finally {
      await target.cleanup();
    }
  });
});

// The migration path between engines: SQLite to PostgreSQL and back.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
onPostgres('backup and restore across engines', () => {
  it('moves a site from SQLite to PostgreSQL and back', async () => {
    const sqlite = await furnishedSite({ databaseUrl: undefined });
    const postgres = await buildTestServer();
    const backAgain = await buildTestServer({ databaseUrl: undefined });
    try {
      expect([sqlite.dialect, postgres.dialect, backAgain.dialect]).toEqual(['sqlite', 'postgres', 'sqlite']);
      await restoreBackup(postgres, postgres.storage, postgres.config.dataDir, await backUp(sqlite, 'from-sqlite.tar'));
      await expectSameSite(postgres);
      await restoreBackup(backAgain, backAgain.storage, backAgain.config.dataDir, await backUp(postgres, 'from-postgres.tar'));
      await expectSameSite(backAgain, 'Conferences', 2);
    } finally {
      await Promise.all([sqlite.cleanup(), postgres.cleanup(), backAgain.cleanup()]);
    }
  });
});
