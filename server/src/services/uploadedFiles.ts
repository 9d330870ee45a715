import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../db';
import { isoAt } from '../db/columns';
import { forgetPendingUploads, pendingUploads, recordPendingUploads, referencedAmong } from '../repositories/storedFiles';
import { deleteAll, putAll, type Storage } from '../storage';

/** An upload started longer ago than this was cut short by a crash: no request lasts an hour. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Notes of uploads started before this time (an ISO string) belong to uploads a crash cut short. */
export const abandonedBefore = (): string => isoAt(Date.now() - ABANDONED_AFTER_MS);

interface Site {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Stores an upload's files, noting their keys first: until the transaction that creates their row
 * drops the note, they are a pending upload, which a crash leaves to be removed later. When storing
 * fails, what was written is removed.
 */
export async function storeUpload(site: Site, files: { key: string; data: Buffer }[]): Promise<void> {
  const keys = files.map((file) => file.key);
  await recordPendingUploads(site.db, keys);
  try {
    await putAll(site.storage, files);
  } catch (error) {
    await abandonUpload(site, keys);
    throw error;
  }
}

/** Removes the files of an upload whose row was not created; the note goes once they are gone. */
export async function abandonUpload(site: Site, keys: string[]): Promise<void> {
  const failed = await deleteAll(site.storage, keys);
  if (failed.length) {
    site.log.error({ keys: failed }, 'could not remove the files of a failed upload; they are removed at a later start');
    return;
  }
  // The database may be why the upload failed; a note left behind is cleared at a later start.
  await forgetPendingUploads(site.db, keys).catch((error: unknown) => site.log.warn({ err: error, keys }, 'could not clear a failed upload'));
}

/** Removes files no row points at any more (a deleted or replaced image, a deleted document). */
export async function removeFiles(site: Site, keys: string[], what: string): Promise<void> {
  const failed = await deleteAll(site.storage, keys);
  if (failed.length) site.log.error({ keys: failed }, `could not remove ${what}`);
}

/**
 * Removes the files of uploads a crash cut short (noted as started over an hour ago), and their
 * notes. Cheap enough for every start: it reads the notes, not the whole storage. Answers the keys
 * cleared and those whose file could not be removed (their notes stay, for a later try).
 */
export async function removeAbandonedUploads(site: Omit<Site, 'log'>): Promise<{ removed: string[]; failed: string[] }> {
  const keys = (await pendingUploads(site.db, abandonedBefore())).map((note) => note.key);
  if (keys.length === 0) return { removed: [], failed: [] };
  // Never the case when the notes are kept as they should be; checked because a removed file is lost.
  const referenced = await referencedAmong(site.db, keys);
  const unreferenced = keys.filter((key) => !referenced.has(key));
  const failed = new Set(await deleteAll(site.storage, unreferenced));
  const cleared = keys.filter((key) => !failed.has(key));
  await forgetPendingUploads(site.db, cleared);
  return { removed: unreferenced.filter((key) => !failed.has(key)), failed: [...failed] };
}
