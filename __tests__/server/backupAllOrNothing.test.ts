import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { sql } from 'kysely';

import { ENTRY } from '../../server/src/backup/manifest';
import { restoreBackup } from '../../server/src/backup/restore';
import { claimStoppedSite } from '../../server/src/backup/siteLock';
import { TarReader, TarWriter } from '../../server/src/backup/tar';
import type { Config } from '../../server/src/config';
import { openDatabase } from '../../server/src/db';
import { buildServer } from '../../server/src/server';
import { backUp, expectSameSite, furnishedSite, type Site } from './backupSupport';
import { s3ServerForTests } from './s3Server';
import { buildTestServer } from './testServer';

// Builds several servers on fresh databases and runs the command itself; on PostgreSQL that takes a moment.
jest.setTimeout(120_000);

const root = path.join(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
afterAll(() => fs.rmSync(archiveDir, { recursive: true, force: true }));

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

interface ManifestFile {
  key: string;
  size: number;
  sha256: string;
}
/** An archive's entries, to be changed and written again as a crafted one. */
class Entries {
  constructor(readonly map: Map<string, Buffer>) {}

  json<T>(name: string): T {
    return JSON.parse(this.map.get(name)!.toString('utf8')) as T;
  }

  setJson(name: string, value: unknown): void {
    this.map.set(name, Buffer.from(JSON.stringify(value)));
  }

  rows(table: string): Record<string, unknown>[] {
    return this.map
      .get(`database/${table}.jsonl`)!
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  setRows(table: string, rows: Record<string, unknown>[]): void {
    this.map.set(`database/${table}.jsonl`, Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join('')));
  }

  /** Moves a file to another key, in the manifest, the media entries and the rows that point at it. */
  rekey(from: string, to: string): void {
    const manifest = this.json<{ files: ManifestFile[] }>(ENTRY.manifest);
    for (const file of manifest.files) if (file.key === from) file.key = to;
    this.setJson(ENTRY.manifest, manifest);
    this.map.set(`media/${to}`, this.map.get(`media/${from}`)!);
    this.map.delete(`media/${from}`);
    this.setRows(
      'documents',
      this.rows('documents').map((row) => (row.file_key === from ? { ...row, file_key: to } : row)),
    );
  }
}

function craft(archive: string, name: string, change: (entries: Entries) => void): string {
  const reader = new TarReader(archive);
  const entries = new Entries(new Map(reader.names().map((entry) => [entry, reader.read(entry)])));
  reader.close();
  change(entries);
  const file = path.join(archiveDir, `${name.replace(/\W+/g, '-')}-${crypto.randomBytes(4).toString('hex')}.tar`);
  const writer = new TarWriter(file);
  for (const [entry, data] of entries.map) writer.add(entry, data);
  writer.close();
  return file;
}

const documentKey = (entries: Entries) => String(entries.rows('documents')[0].file_key);

/** Everything a restore could change: every row of every table, every stored file, the secrets folder. */
async function snapshot(site: Site) {
  const rows: Record<string, unknown[]> = {};
  for (const { name } of await site.db.introspection.getTables({ withInternalKyselyTables: true })) {
    rows[name] = (await sql`select * from ${sql.table(name)}`.execute(site.db)).rows.map((row) => JSON.stringify(row)).sort();
  }
  const files: Record<string, string> = {};
  for await (const { key } of site.storage.list()) files[key] = sha256(await site.storage.read(key));
  const secretsDir = path.join(site.config.dataDir, 'secrets');
  const secrets = fs.existsSync(secretsDir)
    ? Object.fromEntries(fs.readdirSync(secretsDir).map((name) => [name, fs.readFileSync(path.join(secretsDir, name), 'utf8')]))
    : 'no secrets folder';
  return { rows, files, secrets };
}

/** Each crafted archive, and what the refusal must name. */
const CRAFTED: { problem: string; change: (entries: Entries) => void; options?: { maxEntryBytes: number }; message: RegExp }[] = [
  {
    problem: 'a file key that climbs out of the storage with ../',
    change: (entries) => entries.rekey(documentKey(entries), '../../secrets/jwt.key'),
    message: /file named "\.\.\/\.\.\/secrets\/jwt\.key", which is not a storage key/,
  },
  {
    problem: 'an absolute file key',
    change: (entries) => entries.rekey(documentKey(entries), '/etc/cron.d/restore'),
    message: /file named "\/etc\/cron\.d\/restore", which is not a storage key/,
  },
  {
    problem: 'an empty signing secret',
    change: (entries) => entries.setJson(ENTRY.secrets, { ...entries.json<object>(ENTRY.secrets), jwt: '' }),
    message: /jwt signing secret in secrets\.json is empty/,
  },
  {
    problem: 'a blank signing secret',
    change: (entries) => entries.setJson(ENTRY.secrets, { ...entries.json<object>(ENTRY.secrets), reset: ' \n' }),
    message: /reset signing secret in secrets\.json is empty/,
  },
  {
    problem: 'a file whose bytes do not match the hash in the manifest',
    change: (entries) => {
      const key = documentKey(entries);
      const data = Buffer.from(entries.map.get(`media/${key}`)!);
      data[data.length - 1] ^= 0xff;
      entries.map.set(`media/${key}`, data);
    },
    message: /damaged: documents\/[0-9a-f]{32}\.pdf does not match its recorded hash/,
  },
  {
    problem: 'a file larger than the restore accepts',
    change: (entries) => {
      const key = documentKey(entries);
      const data = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2 * 1024 * 1024)]);
      entries.map.set(`media/${key}`, data);
      const manifest = entries.json<{ files: ManifestFile[] }>(ENTRY.manifest);
      for (const file of manifest.files) if (file.key === key) Object.assign(file, { size: data.length, sha256: sha256(data) });
      entries.setJson(ENTRY.manifest, manifest);
    },
    options: { maxEntryBytes: 1024 * 1024 },
    message: /file documents\/[0-9a-f]{32}\.pdf is 2097157 bytes, more than the 1048576 a restore accepts/,
  },
  {
    problem: 'a document row that points at the secrets',
    change: (entries) => entries.setRows('documents', [{ ...entries.rows('documents')[0], file_key: '../../secrets/jwt.key' }]),
    message: /documents row 1 \(id \d+\) points at the file "\.\.\/\.\.\/secrets\/jwt\.key", which is not a storage key/,
  },
  {
    problem: 'a document row that points at a file the backup does not carry',
    change: (entries) => entries.setRows('documents', [{ ...entries.rows('documents')[0], file_key: `documents/${'0'.repeat(32)}.pdf` }]),
    message: /documents row 1 \(id \d+\) points at the file "documents\/0{32}\.pdf", which the backup does not carry/,
  },
  {
    problem: 'more rows than the manifest counts',
    change: (entries) => entries.setRows('news_items', [...entries.rows('news_items'), { ...entries.rows('news_items')[0], id: 999 }]),
    message: /database\/news_items\.jsonl holds 2 rows, its manifest says 1/,
  },
  {
    // Found only while writing: the files are stored by then, and must go again.
    problem: 'a row the database refuses (a document in a category the backup lacks)',
    change: (entries) => entries.setRows('documents', [{ ...entries.rows('documents')[0], category_id: 999 }]),
    message: /database refused the backup's documents rows/,
  },
];

/** The refusals, against the target sites a restore meets: an empty new one, and one with content it would replace. */
function refusals(storage: () => Partial<Config>) {
  let source: Site;
  let archive: string;
  let empty: Site;
  let furnished: Site;
  beforeAll(async () => {
    source = await furnishedSite(storage());
    archive = await backUp(source, archiveDir, `site-${crypto.randomBytes(4).toString('hex')}.tar`);
    empty = await buildTestServer(storage());
    // As a site given its secrets in the environment has no secrets folder: a refused restore must not leave one.
    fs.rmSync(path.join(empty.config.dataDir, 'secrets'), { recursive: true });
    // The furnished one holds the secrets it generated, as a site that has run does.
    furnished = await furnishedSite(storage());
  });
  afterAll(async () => {
    await Promise.all([source?.cleanup(), empty?.cleanup(), furnished?.cleanup()]);
  });

  describe.each([
    ['an empty site', () => empty, false],
    ['a site with content, told to replace it', () => furnished, true],
  ])('into %s', (_name, target, replace) => {
    it.each(CRAFTED)('refuses $problem, naming it, and leaves the site exactly as it was', async ({ problem, change, options, message }) => {
      const crafted = craft(archive, problem, change);
      const before = await snapshot(target());
      const restoring = restoreBackup(target(), target().storage, target().config.dataDir, crafted, { replace, ...options });
      await expect(restoring).rejects.toThrow(message);
      await expect(restoring).rejects.toThrow(/The site was left as it was\.$/);
      expect(await snapshot(target())).toEqual(before);
    });

    it('then restores the good archive as before', async () => {
      const report = await restoreBackup(target(), target().storage, target().config.dataDir, archive, { replace });
      expect(report.rows).toMatchObject(report.manifest.rows);
      expect(fs.readFileSync(path.join(target().config.dataDir, 'secrets', 'jwt.key'), 'utf8')).toBe(source.config.secrets.jwt);
      expect(fs.readdirSync(path.join(target().config.dataDir, 'secrets')).sort()).toEqual(['jwt.key', 'reset.key']);
      await expectSameSite(target());
    });
  });

  it('leaves alone a file the site already holds with the same bytes, and refuses one with other bytes', async () => {
    // The source restored over itself: every file is already there.
    const report = await restoreBackup(source, source.storage, source.config.dataDir, archive, { replace: true });
    expect(report.files).toBe(6);
    const key = String((await source.db.selectFrom('documents').select('file_key').executeTakeFirstOrThrow()).file_key);
    // Through delete, so that the server's memory cache lets go of the old bytes.
    await source.storage.delete(key);
    await source.storage.put(key, Buffer.from('%PDF- other bytes under the same key'));
    const before = await snapshot(source);
    await expect(restoreBackup(source, source.storage, source.config.dataDir, archive, { replace: true })).rejects.toThrow(
      `The site already holds a file ${key} with other content than the backup's`,
    );
    expect(await snapshot(source)).toEqual(before);
  });
}

describe('a restore changes nothing unless all of it restores', () => {
  refusals(() => ({}));
});

describe('a restore changes nothing unless all of it restores, with the media on S3', () => {
  const s3 = s3ServerForTests();
  refusals(() => ({ storageUrl: s3.storageUrl }));
});

const databaseOf = (site: Site) => openDatabase({ dataDir: site.config.dataDir, databaseUrl: site.config.databaseUrl });

describe('a replacing restore and a running site', () => {
  it('refuses a database a running site uses, and keeps a site from starting on it while it restores', async () => {
    const site = await buildTestServer();
    try {
      const restoring = await databaseOf(site);
      try {
        await expect(claimStoppedSite(restoring, site.config.databaseUrl, site.config.dataDir)).rejects.toThrow(
          /The site is running on this database .*stop it/,
        );
        await site.close();
        const release = await claimStoppedSite(restoring, site.config.databaseUrl, site.config.dataDir);
        await expect(buildServer(site.config)).rejects.toThrow(
          site.config.databaseUrl ? /A restore is under way/ : /is in use by another instance of the site or by a restore/,
        );
        await release();
      } finally {
        await restoring.db.destroy();
      }
      const restarted = await buildServer(site.config);
      await restarted.close();
    } finally {
      await site.cleanup();
    }
  });

  it('finds the database free after a start that was refused half-way', async () => {
    const site = await buildTestServer();
    try {
      await site.close();
      // The storage check refuses the start once the database is open and migrated.
      const storageUrl = 's3://site-media/media/?region=us-east-1&endpoint=http://127.0.0.1:9&path_style=true';
      await expect(buildServer({ ...site.config, storageUrl })).rejects.toThrow(/cannot be used/);
      const restoring = await databaseOf(site);
      try {
        const release = await claimStoppedSite(restoring, site.config.databaseUrl, site.config.dataDir);
        await release();
      } finally {
        await restoring.db.destroy();
      }
    } finally {
      await site.cleanup();
    }
  });
});

describe('npm run restore', () => {
  const run = promisify(execFile);
  let source: Site;
  let archive: string;
  beforeAll(async () => {
    source = await furnishedSite();
    archive = await backUp(source, archiveDir, 'for-the-command.tar');
  });
  afterAll(async () => {
    await source?.cleanup();
  });

  /** The command against a site's data folder and database; its exit code and what it printed. */
  async function restoreCommand(site: Site, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: site.config.dataDir, ...(site.config.databaseUrl ? { DATABASE_URL: site.config.databaseUrl } : {}) };
    try {
      const { stdout, stderr } = await run(tsx, [path.join(root, 'server/src/cli/restore.ts'), ...args], { cwd: root, env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('refuses --replace while the site runs, and a crafted archive once it is stopped, changing nothing; then restores a good one', async () => {
    const site = await furnishedSite();
    try {
      const running = await restoreCommand(site, [archive, '--replace']);
      expect(running).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Error: The site is running on this database/) });

      await site.close();
      // As a site given its secrets in the environment has none there.
      fs.rmSync(path.join(site.config.dataDir, 'secrets'), { recursive: true });
      const crafted = craft(archive, 'for-the-command', (entries) => entries.rekey(documentKey(entries), '../../secrets/jwt.key'));
      const refused = await restoreCommand(site, [crafted, '--replace']);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Error: .*"\.\.\/\.\.\/secrets\/jwt\.key", which is not a storage key/) });
      // Nor did the command generate signing secrets of its own.
      expect(fs.existsSync(path.join(site.config.dataDir, 'secrets'))).toBe(false);
      const stopped = await databaseOf(site);
      expect((await stopped.db.selectFrom('documents').select('file_key').execute()).map((row) => row.file_key)).toEqual([
        expect.stringMatching(/^documents\/[0-9a-f]{32}\.pdf$/),
      ]);
      await stopped.db.destroy();

      const restored = await restoreCommand(site, [archive, '--replace']);
      expect(restored).toMatchObject({ code: 0, stdout: expect.stringContaining('files: 6') });
      expect(fs.readFileSync(path.join(site.config.dataDir, 'secrets', 'jwt.key'), 'utf8')).toBe(source.config.secrets.jwt);
    } finally {
      await site.cleanup();
    }
  });
});
