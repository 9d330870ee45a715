import fs from 'node:fs';

/**
 * The backup archive is a plain POSIX tar (ustar), so `tar -tf` and `tar -xf` can read it without
 * this program. Only regular files, names under 100 bytes, sizes under 8 GiB.
 */
const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK);

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) >= 100) throw new Error(`tar entry name too long: ${name}`);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

export class TarWriter {
  private readonly fd: number;

  constructor(file: string) {
    // 'wx': a backup never overwrites a file that is already there.
    this.fd = fs.openSync(file, 'wx', 0o600);
  }

  add(name: string, data: Buffer, mtime = new Date()): void {
    fs.writeSync(this.fd, header(name, data.length, mtime));
    fs.writeSync(this.fd, data);
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (padding) fs.writeSync(this.fd, ZEROS, 0, padding);
  }

  close(): void {
    fs.writeSync(this.fd, ZEROS);
    fs.writeSync(this.fd, ZEROS);
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
  }
}

/** The entries of an archive, by name, read on demand (the media can be larger than memory likes). */
export class TarReader {
  private readonly fd: number;
  private readonly entries = new Map<string, { offset: number; size: number }>();

  constructor(private readonly file: string) {
    this.fd = fs.openSync(file, 'r');
    try {
      const total = fs.fstatSync(this.fd).size;
      const block = Buffer.alloc(BLOCK);
      let offset = 0;
      while (offset + BLOCK <= total) {
        fs.readSync(this.fd, block, 0, BLOCK, offset);
        if (block.every((byte) => byte === 0)) break;
        if (block.toString('ascii', 257, 262) !== 'ustar') throw new Error('The file is not a backup archive: it has no tar header where one was expected.');
        const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
        const size = parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
        if (!Number.isFinite(size) || offset + BLOCK + size > total) throw new Error(`The archive is cut short in ${name}.`);
        // Two entries of one name would let what is checked differ from what is restored.
        if (this.entries.has(name)) throw new Error(`The archive holds ${name} twice.`);
        this.entries.set(name, { offset: offset + BLOCK, size });
        offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      }
    } catch (error) {
      fs.closeSync(this.fd);
      throw error;
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The entry's size in bytes, or undefined when the archive has no such entry. */
  size(name: string): number | undefined {
    return this.entries.get(name)?.size;
  }

  /** The whole entry in memory: callers check its size first. */
  read(name: string): Buffer {
    const entry = this.entry(name);
    const data = Buffer.alloc(entry.size);
    fs.readSync(this.fd, data, 0, entry.size, entry.offset);
    return data;
  }

  /** The entry piece by piece, so that an entry of any size passes through little memory. */
  async *chunks(name: string): AsyncGenerator<Buffer> {
    const entry = this.entry(name);
    if (entry.size === 0) return;
    yield* fs.createReadStream(this.file, { start: entry.offset, end: entry.offset + entry.size - 1 }) as AsyncIterable<Buffer>;
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private entry(name: string): { offset: number; size: number } {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`The archive has no ${name}.`);
    return entry;
  }
}
