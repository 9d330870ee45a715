import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflateRaw = promisify(zlib.inflateRaw);

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record sits in the last 22 bytes plus an optional comment of up to 64 KiB. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;

/**
 * Reads a ZIP archive's table of contents, enough to tell what kind of document it holds.
 * Undefined when the bytes are not a well-formed archive.
 */
export function listZipEntries(data: Buffer): ZipEntry[] | undefined {
  if (data.length < 22 || data.readUInt32LE(0) !== LOCAL_FILE_HEADER) return undefined;
  let end = -1;
  for (let offset = data.length - 22; offset >= Math.max(0, data.length - MAX_END_RECORD_SEARCH); offset -= 1) {
    if (data.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) return undefined;
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > data.length) return undefined;
    entries.push({
      name: data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      localHeaderOffset: data.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's bytes start, from its local header; undefined when the header is damaged. */
export function entryDataOffset(data: Buffer, entry: ZipEntry): number | undefined {
  const header = entry.localHeaderOffset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== LOCAL_FILE_HEADER) return undefined;
  const start = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  return start + entry.compressedSize <= data.length ? start : undefined;
}

/** An entry's content, refusing to expand beyond maxBytes (a guard against archive bombs). */
export async function readZipEntry(data: Buffer, entry: ZipEntry, maxBytes: number): Promise<Buffer | undefined> {
  const start = entryDataOffset(data, entry);
  if (start === undefined) return undefined;
  const raw = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return raw.length <= maxBytes ? raw : undefined;
  if (entry.method !== 8) return undefined;
  try {
    return await inflateRaw(raw, { maxOutputLength: maxBytes });
  } catch {
    return undefined;
  }
}
