import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { ImageRow } from '../db/schema';

/** A storage key that a row points at, and that row in words (`image 3 "Sunset"`). */
export interface FileReference {
  key: string;
  owner: string;
}

/** Keys per query: well within both engines' limit on bound parameters. */
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) result.push(items.slice(start, start + BATCH));
  return result;
}

/** The columns of an image row that hold storage keys; the medium rendition's is null for an image from before it. */
export const IMAGE_KEY_COLUMNS = ['original_key', 'thumb_key', 'banner_key', 'medium_key', 'large_key'] as const;
export type ImageKeyColumn = (typeof IMAGE_KEY_COLUMNS)[number];

/** The keys of every file an image has. */
export const imageKeys = (row: Pick<ImageRow, ImageKeyColumn>): string[] =>
  IMAGE_KEY_COLUMNS.map((column) => row[column]).filter((key): key is string => key !== null);

/** Every key an image or document row points at. */
export async function fileReferences(db: Db): Promise<FileReference[]> {
  const images = await db
    .selectFrom('images')
    .select(['id', 'title', ...IMAGE_KEY_COLUMNS])
    .orderBy('id')
    .execute();
  const documents = await db.selectFrom('documents').select(['id', 'name', 'file_key']).orderBy('id').execute();
  return [
    ...images.flatMap((row) => imageKeys(row).map((key) => ({ key, owner: `image ${row.id} "${row.title}"` }))),
    ...documents.map((row) => ({ key: row.file_key, owner: `document ${row.id} "${row.name}"` })),
  ];
}

/** Those of the keys that a row points at. */
export async function referencedAmong(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batches(keys)) {
    const images = await db
      .selectFrom('images')
      .select(IMAGE_KEY_COLUMNS)
      .where((eb) => eb.or(IMAGE_KEY_COLUMNS.map((column) => eb(column, 'in', batch))))
      .execute();
    for (const row of images) for (const key of imageKeys(row)) found.add(key);
    const documents = await db.selectFrom('documents').select('file_key').where('file_key', 'in', batch).execute();
    for (const row of documents) found.add(row.file_key);
    const notebooks = await db.selectFrom('notes').select('notebook_key').where('notebook_key', 'in', batch).execute();
    for (const row of notebooks) if (row.notebook_key) found.add(row.notebook_key);
  }
  return new Set(keys.filter((key) => found.has(key)));
}

/** Notes the keys of an upload about to be stored, before any of its files is written. */
export async function recordPendingUploads(db: Db, keys: readonly string[]): Promise<void> {
  const startedAt = nowIso();
  await db
    .insertInto('pending_uploads')
    .values(keys.map((key) => ({ key, started_at: startedAt })))
    .execute();
}

/** Drops the keys' notes: in the transaction that creates their row, or once their files are removed. */
export async function forgetPendingUploads(db: Db, keys: readonly string[]): Promise<void> {
  for (const batch of batches(keys)) await db.deleteFrom('pending_uploads').where('key', 'in', batch).execute();
}

/** The keys of uploads started before the time (an ISO string), or of every upload under way. */
export async function pendingUploads(db: Db, startedBefore?: string): Promise<{ key: string; started_at: string }[]> {
  let query = db.selectFrom('pending_uploads').select(['key', 'started_at']);
  if (startedBefore !== undefined) query = query.where('started_at', '<', startedBefore);
  return query.orderBy('started_at').orderBy('key').execute();
}
