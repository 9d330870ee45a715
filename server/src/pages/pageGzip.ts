import zlib from 'node:zlib';

import { LRUCache } from 'lru-cache';

/**
 * Parts of a page at least this long (a long note's body) are compressed once and reused. Shorter ones
 * are compressed with the page: compressed apart, a part loses what it shares with the rest (a list of
 * abstracts came out twice as large).
 */
export const REUSED_PART_MIN_CHARS = 32 * 1024;
/** zlib's default level: level 9 took two to three times as long for pages under 0.3 % smaller. */
const LEVEL = 6;
/** Memory the compressed parts may take, their text's bytes included; the least recently used go first. */
const PARTS_BYTES = 16 * 1024 * 1024;

/** A gzip member's header: deflate, no name or time, from a Unix system (as zlib writes it). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

interface Segment {
  /** The text's UTF-8 bytes, for the checksum. */
  bytes: Buffer;
  /** Raw deflate, ended by a full flush unless it ends the page. */
  deflated: Buffer;
}

const reused = new LRUCache<string, Segment>({ maxSize: PARTS_BYTES, sizeCalculation: (part) => part.bytes.length + part.deflated.length });

function segment(text: string, last: boolean): Segment {
  const bytes = Buffer.from(text);
  const deflated = zlib.deflateRawSync(bytes, { level: LEVEL, finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH });
  return { bytes, deflated };
}

function reusedSegment(part: string): Segment {
  let kept = reused.get(part);
  if (!kept) {
    kept = segment(part, false);
    reused.set(part, kept);
  }
  return kept;
}

/**
 * The page as gzip, the long parts it shows (see REUSED_PART_MIN_CHARS) compressed once while they stay
 * the same: compressing a long note's body was a third of the page's uncached rendering. Each segment is
 * a raw deflate stream ended by a full flush, which aligns it to a byte and leaves nothing for the next
 * one to refer to, so segments compressed apart join into one deflate stream (as pigz joins its blocks);
 * the trailer's checksum and length are the whole page's.
 */
export function pageGzip(html: string, parts: readonly string[] = []): Buffer {
  const segments: Segment[] = [];
  let at = 0;
  const long = parts
    .filter((part) => part.length >= REUSED_PART_MIN_CHARS)
    .map((part) => ({ part, start: html.indexOf(part) }))
    .filter(({ start }) => start >= 0)
    .sort((a, b) => a.start - b.start);
  for (const { part, start } of long) {
    if (start < at) continue;
    segments.push(segment(html.slice(at, start), false), reusedSegment(part));
    at = start + part.length;
  }
  segments.push(segment(html.slice(at), true));
  let crc = 0;
  let length = 0;
  for (const { bytes } of segments) {
    // Node's crc32 answers 0 for an empty buffer that zlib has compressed, whatever the value it continues.
    if (bytes.length === 0) continue;
    crc = zlib.crc32(bytes, crc);
    length += bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...segments.map(({ deflated }) => deflated), trailer]);
}
