import type { Db } from '../db';
import { type FileReference, fileReferences, pendingUploads, referencedAmong } from '../repositories/storedFiles';
import { deleteAll, type ListedFile, type Storage } from '../storage';
import { abandonedBefore, removeAbandonedUploads } from './uploadedFiles';

interface Site {
  db: Db;
  storage: Storage;
}

/** What the stored files and the rows that point at them say of each other. */
export interface MediaReport {
  /** Stored files that no row points at and no upload under way is writing. */
  orphans: ListedFile[];
  /** Rows whose file is not in the storage. */
  missing: FileReference[];
  /** Files of uploads started within the hour: not orphans yet, and left alone. */
  uploading: ListedFile[];
}

/**
 * Compares the whole storage with the rows. The storage is listed before the rows are read: an
 * upload notes its keys before it stores a file, so a file seen in the listing is, when the rows
 * are read, pointed at, noted as pending, or truly orphaned.
 */
export async function checkMedia(site: Site): Promise<MediaReport> {
  const stored: ListedFile[] = [];
  for await (const file of site.storage.list()) stored.push(file);
  // Pending notes before rows: an upload that commits between the two reads is then seen in one or the other.
  const cutoff = abandonedBefore();
  const recent = new Set((await pendingUploads(site.db)).filter((note) => note.started_at >= cutoff).map((note) => note.key));
  const references = await fileReferences(site.db);

  const referenced = new Set(references.map((reference) => reference.key));
  const storedKeys = new Set(stored.map((file) => file.key));
  const unreferenced = stored.filter((file) => !referenced.has(file.key));
  // A row written after the listing points at files the listing could not see: asked again one by one.
  const missing: FileReference[] = [];
  for (const reference of references) {
    if (!storedKeys.has(reference.key) && !(await site.storage.stat(reference.key))) missing.push(reference);
  }
  return {
    orphans: unreferenced.filter((file) => !recent.has(file.key)),
    missing,
    uploading: unreferenced.filter((file) => recent.has(file.key)),
  };
}

/**
 * Removes the orphans of a report, and the notes of uploads a crash cut short. Each key is checked
 * against the rows once more just before, so that a file a row points at is never removed.
 */
export async function removeOrphans(site: Site, report: MediaReport): Promise<{ removed: string[]; failed: string[] }> {
  const abandoned = await removeAbandonedUploads(site);
  const handled = new Set([...abandoned.removed, ...abandoned.failed]);
  const keys = report.orphans.map((file) => file.key).filter((key) => !handled.has(key));
  const referenced = await referencedAmong(site.db, keys);
  const unreferenced = keys.filter((key) => !referenced.has(key));
  const failed = new Set([...abandoned.failed, ...(await deleteAll(site.storage, unreferenced))]);
  const removed = report.orphans.map((file) => file.key).filter((key) => !failed.has(key) && !referenced.has(key));
  return { removed, failed: [...failed] };
}
