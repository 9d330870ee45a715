import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';

import { SECRET_FILES } from '../config';
import type { DbHandle } from '../db';
import type { Storage } from '../storage';
import { fileEntry, FORMAT, type Manifest, MANIFEST_ENTRY, SECRETS_ENTRY, tableEntry, TABLES, TABLES_WITH_SERIAL_ID } from './manifest';
import { TarReader } from './tar';

export interface RestoreReport {
  manifest: Manifest;
  rows: Record<string, number>;
  files: number;
  bytes: number;
  /** Where the signing secrets were written, or why not. */
  secrets: string;
}

/** Tables that hold the site's content: a site with rows in any of them is not empty. */
const CONTENT_TABLES = ['users', 'galleries', 'images', 'document_categories', 'documents'] as const;
/** Everything a replacing restore clears, children before parents. */
const CLEARED_TABLES = [
  'refresh_tokens',
  'user_sessions',
  'app_tokens',
  'abuse_counters',
  'audit_log',
  'site_content_versions',
  'download_counts',
  'news_items',
  'note_revisions',
  'note_slugs',
  'note_tags',
  'notes',
  'publications',
  'documents',
  'images',
  'document_categories',
  'galleries',
  'users',
] as const;
const INSERT_BATCH = 100;

function readManifest(archive: TarReader, knownMigrations: string[]): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(archive.read(MANIFEST_ENTRY).toString('utf8')) as Manifest;
  } catch {
    throw new Error('The file is not a backup of this site: it has no readable manifest.');
  }
  if (manifest.format !== FORMAT) throw new Error('The file is not a backup of this site.');
  const unknown = manifest.migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length) throw new Error(`The backup comes from a newer version of the site (schema ${unknown.join(', ')}): upgrade this one first.`);
  return manifest;
}

/** Every file of the backup, checked against the hash taken when it was written, before anything is changed. */
function verifiedFiles(archive: TarReader, manifest: Manifest): void {
  for (const file of manifest.files) {
    const data = archive.read(fileEntry(file.key));
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    if (data.length !== file.size || sha256 !== file.sha256) throw new Error(`The backup is damaged: ${file.key} does not match its recorded hash.`);
  }
}

function rowsOf(archive: TarReader, table: string): Record<string, unknown>[] {
  const text = archive.read(tableEntry(table)).toString('utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Loads a backup into a site: the database rows (into SQLite or PostgreSQL, whichever the backup came
 * from), the files, and the signing secrets into DATA_DIR/secrets. Refuses a site that already has
 * content unless `replace` is given, which clears it first. Everything is checked (file hashes before,
 * row counts after) and the database part is one transaction: a failed restore leaves no rows behind.
 */
export async function restoreBackup(
  handle: DbHandle,
  storage: Storage,
  dataDir: string,
  file: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<RestoreReport> {
  const { db, dialect } = handle;
  const archive = new TarReader(file);
  try {
    const known = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);
    const manifest = readManifest(archive, known);
    verifiedFiles(archive, manifest);

    const rows: Record<string, number> = {};
    await db.transaction().execute(async (trx) => {
      for (const table of CONTENT_TABLES) {
        const { count } = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) > 0 && !replace)
          throw new Error(`This site is not empty (${table} has ${count} rows): restore into an empty site, or pass --replace to clear it first.`);
      }
      if (replace) for (const table of CLEARED_TABLES) await trx.deleteFrom(table).execute();
      // A site that has served a page holds the first-start content: the backup's words replace it.
      else await trx.deleteFrom('site_content_versions').execute();
      for (const table of TABLES) {
        // A table newer than the backup starts empty (the site content then starts from its first-start words).
        if (manifest.rows[table] === undefined) continue;
        const tableRows = rowsOf(archive, table);
        for (let start = 0; start < tableRows.length; start += INSERT_BATCH) {
          await trx
            .insertInto(table)
            .values(tableRows.slice(start, start + INSERT_BATCH) as never)
            .execute();
        }
        const { count } = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        rows[table] = Number(count);
        if (rows[table] !== manifest.rows[table]) throw new Error(`Restoring ${table} gave ${rows[table]} rows instead of ${manifest.rows[table]}.`);
      }
      // Rows came with their ids; new rows must be numbered after them.
      if (dialect === 'postgres') {
        for (const table of TABLES_WITH_SERIAL_ID) {
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
        }
      }
    });

    let bytes = 0;
    for (const { key } of manifest.files) {
      const data = archive.read(fileEntry(key));
      await storage.put(key, data);
      bytes += data.length;
    }

    const secrets = JSON.parse(archive.read(SECRETS_ENTRY).toString('utf8')) as { jwt: string; reset: string };
    const secretsDir = path.join(dataDir, 'secrets');
    fs.mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(secretsDir, SECRET_FILES.jwt), secrets.jwt, { mode: 0o600 });
    fs.writeFileSync(path.join(secretsDir, SECRET_FILES.reset), secrets.reset, { mode: 0o600 });
    const overridden = ['JWT_SECRET', 'RESET_SECRET'].filter((name) => process.env[name]);
    const secretsNote = overridden.length
      ? `written to ${secretsDir}, but ${overridden.join(' and ')} in the environment take precedence`
      : `written to ${secretsDir}`;

    return { manifest, rows, files: manifest.files.length, bytes, secrets: secretsNote };
  } finally {
    archive.close();
  }
}
