import { Readable } from 'node:stream';

import type { ByteRange, HeldFile, ListedFile, Storage, StoredFileInfo } from './index';

interface Entry extends HeldFile {
  expires: number;
}

export interface MemoryCacheOptions {
  /** Files up to this size are cached in memory once read. */
  maxFileBytes: number;
  /** Memory the cache may use in all; the oldest entries go first. */
  maxTotalBytes: number;
  /**
   * How long an entry is trusted. Keys never change content, but another instance sharing the
   * storage may delete a file: this bounds how long this one keeps serving it.
   */
  ttlMs: number;
}

/**
 * Keeps small stored files (thumbnails, banner sizes, a CV) in memory so that the public pages
 * are served without touching the disk. Deleting through this storage evicts at once.
 */
export class MemoryCachedStorage implements Storage {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  /** Keys deleted while a read of them may still be under way; keys are never reused. */
  private readonly deleted = new Set<string>();

  get name(): string | undefined {
    return this.inner.name;
  }

  check(timeoutMs: number): Promise<void> {
    return this.inner.check?.(timeoutMs) ?? Promise.resolve();
  }

  constructor(
    private readonly inner: Storage,
    private readonly options: MemoryCacheOptions,
  ) {}

  put(key: string, data: Buffer): Promise<void> {
    return this.inner.put(key, data);
  }

  held(key: string): HeldFile | undefined {
    return this.fresh(key);
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    return this.fresh(key)?.info ?? this.inner.stat(key);
  }

  async openReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const entry = this.fresh(key);
    if (!entry) return this.inner.openReadStream(key, range);
    return Readable.from([range ? entry.data.subarray(range.start, range.end + 1) : entry.data]);
  }

  async read(key: string): Promise<Buffer> {
    const cached = this.fresh(key);
    if (cached) return cached.data;
    const info = await this.inner.stat(key);
    const data = await this.inner.read(key);
    if (info && data.length <= this.options.maxFileBytes && !this.deleted.has(key))
      this.remember(key, { info, data, expires: Date.now() + this.options.ttlMs });
    return data;
  }

  async delete(key: string): Promise<void> {
    if (this.deleted.size >= 10_000) this.deleted.clear();
    this.deleted.add(key);
    this.forget(key);
    await this.inner.delete(key);
  }

  list(): AsyncIterable<ListedFile> {
    return this.inner.list();
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.forget(key);
      return undefined;
    }
    return entry;
  }

  private remember(key: string, entry: Entry): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.data.length;
    for (const [oldest, old] of this.entries) {
      if (this.totalBytes <= this.options.maxTotalBytes) break;
      this.entries.delete(oldest);
      this.totalBytes -= old.data.length;
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.data.length;
  }
}
