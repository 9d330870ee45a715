import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { type ByteRange, isValidKey, type ListedFile, type Storage, STORAGE_FOLDERS, type StoredFileInfo } from './index';

const TEMP_FOLDER = '.tmp';

/**
 * Files in a local folder (by default DATA_DIR/media). Writes go to a temporary file in the
 * same folder tree, are flushed, then renamed into place, so a crash never leaves a partial
 * file under a real key.
 */
export class LocalStorage implements Storage {
  private readonly tempDir: string;

  readonly name: string;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, TEMP_FOLDER);
    this.name = `folder ${root}`;
  }

  async check(): Promise<void> {
    try {
      await fsp.access(this.tempDir, fs.constants.W_OK);
    } catch (error) {
      throw new Error(`The media ${this.name} cannot be written: ${(error as Error).message}.`);
    }
  }

  /** Creates the folders and removes temporary files a previous crash may have left. */
  async init(): Promise<void> {
    await fsp.rm(this.tempDir, { recursive: true, force: true });
    await fsp.mkdir(this.tempDir, { recursive: true });
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const temp = path.join(this.tempDir, crypto.randomBytes(12).toString('hex'));
    try {
      // A command (restore) writes without init(): it must not clear a running site's temporary files.
      await fsp.mkdir(this.tempDir, { recursive: true });
      const handle = await fsp.open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    try {
      const stats = await fsp.stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size, modified: stats.mtime } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async openReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const handle = await fsp.open(this.pathOf(key), 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async read(key: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<ListedFile> {
    for (const folder of STORAGE_FOLDERS) {
      let entries;
      try {
        entries = await fsp.opendir(path.join(this.root, folder));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for await (const entry of entries) {
        const key = `${folder}/${entry.name}`;
        if (!entry.isFile() || !isValidKey(key)) continue;
        const info = await this.stat(key);
        if (info) yield { key, ...info };
      }
    }
  }

  /** Keys are checked before they become paths, so no key can leave the root. */
  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }
}
