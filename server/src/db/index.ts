import fs from 'node:fs';
import path from 'node:path';

import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';

import { migrations } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
}

/**
 * Opens the database. `onLostConnection` hears of a PostgreSQL connection dropped while idle (the
 * server logs it as a JSON line; the commands print it).
 */
export async function openDatabase(
  options: { dataDir: string; databaseUrl?: string },
  onLostConnection: (error: Error) => void = (error) => console.error('PostgreSQL idle connection lost:', error.message),
): Promise<DbHandle> {
  if (options.databaseUrl) {
    const { Pool, types } = await import('pg');
    // COUNT(*) and BIGINT arrive as strings by default; every number here fits a JS number.
    types.setTypeParser(20, (v: string) => Number(v));
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) is replaced on next use; without a
    // listener the pool's error event would end the process.
    pool.on('error', onLostConnection);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const { SQLite } = await import('./sqliteDriver');
  const file = path.join(options.dataDir, 'site.sqlite3');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // Files made before the site kept them private (see loadConfig) are made private too.
  for (const own of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(own)) fs.chmodSync(own, 0o600);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

/** A PostgreSQL address for the log: host, port and database, never the password. */
export function databaseName(url: string | undefined): string {
  if (!url) return '';
  const { hostname, port, pathname, searchParams } = new URL(url);
  return `${pathname.slice(1)} on ${hostname || searchParams.get('host') || 'localhost'}${port ? `:${port}` : ''}`;
}

/** Applies the migrations the database lacks, and answers their names in order (none when it was up to date). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
