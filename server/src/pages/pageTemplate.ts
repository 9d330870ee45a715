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
 * How a CRC-32 moves through a fixed piece of bytes, whatever value it arrives with. CRC-32 is linear:
 * crc32(piece, c) = crc32(piece, 0) XOR M(c) for a 32×32 bit matrix M that depends only on the piece's
 * length; M's columns are M(1 << bit), measured once. A cached page's CRC then costs per answer only
 * the value's bytes and 32 XORs per piece, not a pass over the whole page.
 */
class CrcStep {
  private readonly fromZero: number;
  private readonly columns: Uint32Array;

  constructor(piece: Buffer) {
    this.fromZero = zlib.crc32(piece, 0);
    this.columns = Uint32Array.from({ length: 32 }, (_, bit) => zlib.crc32(piece, 2 ** bit) ^ this.fromZero);
  }

  after(crc: number): number {
    let moved = this.fromZero;
    for (let bit = 0, rest = crc >>> 0; rest !== 0; bit += 1, rest >>>= 1) if (rest & 1) moved ^= this.columns[bit];
    return moved >>> 0;
  }
}

/**
 * A cached page with holes for one per-response value (the CSP nonce), answered as text or gzip.
 * The fixed parts are compressed once, each ending in a full flush (byte-aligned, no reference
 * back across it), so a gzip answer is the parts' compressed bytes with the value between them as
 * stored blocks: no compression work per request.
 */
export class PageTemplate {
  private readonly parts: Buffer[];
  private readonly deflated: Buffer[];
  /** Undefined for an empty part, which leaves a CRC as it is. */
  private readonly crcSteps: (CrcStep | undefined)[];
  private readonly fixedBytes: number;

  constructor(parts: string[]) {
    this.parts = parts.map((part) => Buffer.from(part));
    const last = this.parts.length - 1;
    this.deflated = this.parts.map((part, index) =>
      zlib.deflateRawSync(part, { level: 9, finishFlush: index === last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
    );
    this.crcSteps = this.parts.map((part) => (part.length ? new CrcStep(part) : undefined));
    this.fixedBytes = this.parts.reduce((sum, part) => sum + part.length, 0);
  }

  text(value: string): Buffer {
    const filler = Buffer.from(value);
    return Buffer.concat(this.parts.flatMap((part, index) => (index === 0 ? [part] : [filler, part])));
  }

  gzip(value: string): Buffer {
    const filler = Buffer.from(value);
    const stored = storedBlock(filler);
    let crc = 0;
    const pieces: Buffer[] = [GZIP_HEADER];
    this.deflated.forEach((deflated, index) => {
      if (index > 0) {
        pieces.push(stored);
        // zlib.crc32 answers 0 for no bytes, whatever the running value.
        if (filler.length) crc = zlib.crc32(filler, crc);
      }
      pieces.push(deflated);
      crc = this.crcSteps[index]?.after(crc) ?? crc;
    });
    const trailer: Buffer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((this.fixedBytes + filler.length * (this.parts.length - 1)) >>> 0, 4);
    pieces.push(trailer);
    return Buffer.concat(pieces);
  }
}
