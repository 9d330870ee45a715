import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are generated here, never taken from the uploader, and
 * look like `images/3f2a…9c-thumb.webp`: a folder, 32 random hex digits, an optional variant
 * and an extension. The interface is small enough for an S3-compatible implementation.
 */
export interface Storage {
  /** Stores the bytes under the key, all or nothing: a reader never sees a partial file. */
  put(key: string, data: Buffer): Promise<void>;
  /** Size and modification time, or undefined when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** The bytes, or the inclusive byte range of them (asynchronous, as an object store's GET is). */
  openReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** The whole file in memory; meant for small files (thumbnails, banner images, a CV). */
  read(key: string): Promise<Buffer>;
  /**
   * The file when this storage already holds it in memory, so that a hot file is answered without
   * waiting for anything; undefined otherwise (and storages that keep nothing in memory omit it).
   */
  held?(key: string): HeldFile | undefined;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, in no particular order. Files whose names are no key of ours are left out. */
  list(): AsyncIterable<ListedFile>;
  /**
   * Throws, saying why, when the storage cannot be used (a bucket missing or unreachable, a folder
   * not writable); gives up after `timeoutMs`.
   */
  check?(timeoutMs: number): Promise<void>;
  /** What it is, for the log: the folder, or the bucket and its endpoint. */
  readonly name?: string;
  /** Releases what the storage holds open (an S3 client's connections). */
  close?(): void;
}

export interface StoredFileInfo {
  size: number;
  modified: Date;
}

export interface ListedFile extends StoredFileInfo {
  key: string;
}

export interface HeldFile {
  info: StoredFileInfo;
  data: Buffer;
}

/** Inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export const STORAGE_FOLDERS = ['images', 'documents', 'notebooks'] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

/** Files up to this size are cached in memory once read and answered from a buffer. */
export const SMALL_FILE_BYTES = 1024 * 1024;

const KEY_PATTERN = /^(images|documents|notebooks)\/[0-9a-f]{32}(-[a-z]+)?\.[a-z0-9]{2,5}$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh random base name; several variants of one upload share it. */
export function randomName(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function storageKey(folder: StorageFolder, name: string, extension: string, variant?: string): string {
  const key = `${folder}/${name}${variant ? `-${variant}` : ''}.${extension}`;
  if (!isValidKey(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

/**
 * Stores several files as one unit: when any write fails, those already written are removed,
 * so that a failed upload leaves nothing behind.
 */
export async function putAll(storage: Storage, files: { key: string; data: Buffer }[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of files) {
      await storage.put(file.key, file.data);
      written.push(file.key);
    }
  } catch (error) {
    await deleteAll(storage, written);
    throw error;
  }
}

/** Best-effort removal; a file that cannot be removed must not undo the database change it follows. */
export async function deleteAll(storage: Storage, keys: string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch {
      failed.push(key);
    }
  }
  return failed;
}
