import path from 'node:path';

import { SQLite } from './sqliteDriver';

const REFUSAL = (dataDir: string) =>
  `The data folder ${dataDir} is in use by another instance of the site or by a restore: instances sharing one SQLite database ` +
  "do not hear of each other's changes (one served stale pages). Stop it first, or run several instances on PostgreSQL (DATABASE_URL).";

/**
 * Held by a site running on SQLite (and by a replacing restore), until the answered function is
 * called: a second one on the same data folder refuses to start. The lock is SQLite's own on a small file of its own (an exclusive
 * transaction left open), which the operating system releases if the process dies, so a crash
 * leaves nothing to clean up. Commands (backup, create-staff) do not take it.
 */
export function holdInstanceLock(dataDir: string): () => void {
  const lock = new SQLite(path.join(dataDir, 'instance.lock'), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new Error(REFUSAL(dataDir));
    throw error;
  }
  // Released once: a start that failed half-way releases it both when closing and when giving up.
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    lock.exec('ROLLBACK');
    lock.close();
  };
}
