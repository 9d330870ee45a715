import zlib from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** A DEFLATE block holding the bytes as they are; it starts on a byte boundary, as a full flush leaves it. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/**
 * A kept page with holes for one per-response value (the CSP nonce), answered as text or gzip.
 * The fixed parts are compressed once, each ending in a full flush (byte-aligned, no reference
 * back across it), so a gzip answer is the parts' compressed bytes with the value between them as
 * stored blocks: no compression work per request.
 */
export class PageTemplate {
  private readonly parts: Buffer[];
  private readonly deflated: Buffer[];

  constructor(parts: string[]) {
    this.parts = parts.map((part) => Buffer.from(part));
    const last = this.parts.length - 1;
    this.deflated = this.parts.map((part, index) =>
      zlib.deflateRawSync(part, { level: 9, finishFlush: index === last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
    );
  }

  text(value: string): Buffer {
    const filler = Buffer.from(value);
    return Buffer.concat(this.parts.flatMap((part, index) => (index === 0 ? [part] : [filler, part])));
  }

  gzip(value: string): Buffer {
    const filler = Buffer.from(value);
    const stored = storedBlock(filler);
    let crc = 0;
    let size = 0;
    const pieces: Buffer[] = [GZIP_HEADER];
    this.parts.forEach((part, index) => {
      if (index > 0) {
        pieces.push(stored);
        crc = zlib.crc32(filler, crc);
        size += filler.length;
      }
      pieces.push(this.deflated[index]);
      // zlib.crc32 answers 0 for no bytes, whatever the running value.
      if (part.length) crc = zlib.crc32(part, crc);
      size += part.length;
    });
    const trailer: Buffer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    pieces.push(trailer);
    return Buffer.concat(pieces);
  }
}
