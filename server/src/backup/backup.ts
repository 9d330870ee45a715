import crypto from 'node:crypto';
import fs from 'node:fs';

import { sql } from 'kysely';

import type { Config } from '../config';
import type { DbHandle } from '../db';
import type { Storage } from '../storage';
import { ENTRY, FORMAT, FORMAT_VERSION, keyColumnsOf, type Manifest, NATURAL_KEYS, TABLES } from './manifest';
import { TarWriter } from './tar';

/** The storage keys the rows point at: the files a backup must carry. */
function fileKeys(rows: Record<string, Record<string, unknown>[]>): string[] {
  const keys = new Set<string>();
  for (const [table, tableRows] of Object.entries(rows))
    for (const row of tableRows)
      for (const column of keyColumnsOf(table)) {
        // A nullable key column (a note's notebook) names no file when null.
        if (row[column] !== null && row[column] !== undefined) keys.add(String(row[column]));
      }
  return [...keys].sort();
}

/**
 * Writes the site to one archive while it runs: every table read in one transaction (one consistent
 * view of the database), then the files those rows point at (stored files never change under a key),
 * and the signing secrets, so that sign-ins and emailed links keep working after a restore.
 */
export async function createBackup(handle: DbHandle, storage: Storage, secrets: Config['secrets'], file: string): Promise<Manifest> {
  const { db, dialect } = handle;
  const snapshot = db.transaction();
  const { rows, migrations } = await (dialect === 'postgres' ? snapshot.setIsolationLevel('repeatable read') : snapshot).execute(async (trx) => {
    const rows: Record<string, Record<string, unknown>[]> = {};
    for (const table of TABLES) {
      let query = trx.selectFrom(table).selectAll();
      for (const column of NATURAL_KEYS[table] ?? ['id']) query = query.orderBy(sql.ref(column));
      rows[table] = await query.execute();
    }
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
    return { rows, migrations: applied.rows.map((row) => row.name) };
  });

  const archive = new TarWriter(file);
  try {
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      dialect,
      migrations,
      rows: Object.fromEntries(TABLES.map((table) => [table, rows[table].length])) as Manifest['rows'],
      files: [],
    };
    for (const table of TABLES) archive.add(ENTRY.table(table), Buffer.from(rows[table].map((row) => `${JSON.stringify(row)}\n`).join('')));
    for (const key of fileKeys(rows)) {
      let data: Buffer;
      try {
        data = await storage.read(key);
      } catch {
        throw new Error(`The file ${key} was removed while the backup ran (a staff deletion): run the backup again.`);
      }
      archive.add(ENTRY.file(key), data);
      manifest.files.push({ key, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') });
    }
    archive.add(ENTRY.secrets, Buffer.from(JSON.stringify(secrets)));
    archive.add(ENTRY.manifest, Buffer.from(JSON.stringify(manifest, null, 2)));
    archive.close();
    return manifest;
  } catch (error) {
    // A half-written archive must not pass for a backup.
    archive.close();
    fs.rmSync(file, { force: true });
    throw error;
  }
}
