import { sql } from 'kysely';
import type { Client } from 'pg';

import type { DbHandle } from '../db';
import { holdInstanceLock } from '../db/instanceLock';

/**
 * The PostgreSQL advisory lock that tells a running site from a stopped one: every instance holds it
 * shared while it runs, and a replacing restore takes it exclusively. The number is arbitrary, the
 * same on both sides; advisory locks are counted per database, so sites on other databases of the
 * same server do not meet.
 */
const SITE_LOCK = '7351862045';

async function lockConnection(databaseUrl: string): Promise<Client> {
  const { Client: PgClient } = await import('pg');
  const client = new PgClient({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * Held by a running site on PostgreSQL, on a connection of its own, until the answered function is
 * called. Refuses to start while a restore holds the database. (On SQLite nothing is needed: the
 * site's open connection is what a restore finds.)
 */
export async function holdSiteLock(databaseUrl: string): Promise<() => Promise<void>> {
  const client = await lockConnection(databaseUrl);
  // Without a listener a dropped connection would end the process; the site goes on without the lock.
  client.on('error', (error) => console.error('PostgreSQL site lock connection lost:', error.message));
  const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock_shared($1) as held', [SITE_LOCK]);
  if (!rows[0].held) {
    await client.end();
    throw new Error('A restore is under way on this database: start the site once it has finished.');
  }
  return () => client.end();
}

/**
 * Makes sure no site uses the database the handle was opened on (`databaseUrl` when PostgreSQL), and
 * keeps one from starting, until the answered function is called (or the handle is closed). SQLite: every connection in WAL mode keeps a shared lock on the
 * database file while it is open, so the exclusive lock taken here is refused while a site (or a
 * backup) has the file open, and once taken keeps them out. PostgreSQL: the site's advisory lock.
 */
export async function claimStoppedSite(handle: DbHandle, databaseUrl: string | undefined, dataDir: string): Promise<() => Promise<void>> {
  const refusal = 'The site is running on this database (or another program has it open): stop it before restoring with --replace.';
  if (databaseUrl) {
    const client = await lockConnection(databaseUrl);
    // The restore reports a lost server through its own queries.
    client.on('error', () => undefined);
    const { rows } = await client.query<{ claimed: boolean }>('select pg_try_advisory_lock($1) as claimed', [SITE_LOCK]);
    if (!rows[0].claimed) {
      await client.end();
      throw new Error(refusal);
    }
    return () => client.end();
  }
  // The lock a running site holds on its data folder: taken here, a site running refuses the restore,
  // and a site started meanwhile refuses to start.
  let releaseFolder: () => void;
  try {
    releaseFolder = holdInstanceLock(dataDir);
  } catch {
    throw new Error(refusal);
  }
  await sql`pragma locking_mode = exclusive`.execute(handle.db);
  try {
    // A write transaction is what takes the exclusive lock; it changes nothing.
    await sql`begin immediate`.execute(handle.db);
    await sql`commit`.execute(handle.db);
  } catch (error) {
    await sql`pragma locking_mode = normal`.execute(handle.db);
    releaseFolder();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new Error(refusal);
    throw error;
  }
  return async () => {
    await sql`pragma locking_mode = normal`.execute(handle.db);
    // The lock goes at the next access after the mode changes back.
    await sql`select 1`.execute(handle.db);
    releaseFolder();
  };
}
