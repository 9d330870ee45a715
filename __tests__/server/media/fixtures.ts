import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import sharp from 'sharp';

/** A GPS position written into test photos; it must never come back out. */
export const GPS_MARKER = 'WGS-84';
const GPS_EXIF = {
  IFD0: { Make: 'FixtureCam', Model: 'Model 1' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1', GPSMapDatum: GPS_MARKER },
};

/** Deterministic noise, so that images compress like photos and crops have something to find. */
function noise(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (seed >> 16) & 0xff;
  }
  return pixels;
}

function picture(width = 320, height = 200) {
  return sharp(noise(width, height), { raw: { width, height, channels: 3 } });
}

/** A landscape 320×200 JPEG stored sideways (EXIF orientation 6) with a GPS position. */
export const jpegWithGps = () => picture().jpeg().withExif(GPS_EXIF).withMetadata({ orientation: 6 }).toBuffer();
export const pngWithGps = () => picture().png().withExif(GPS_EXIF).toBuffer();
export const webpWithGps = () => picture().webp().withExif(GPS_EXIF).toBuffer();
export const avifWithGps = () => picture(64, 48).avif().withExif(GPS_EXIF).toBuffer();
export const gif = () => picture(64, 48).gif().toBuffer();
/** A 2000×1000 photo, wider than the medium rendition's box (800 px) and the large one's (1600 px). */
export const widePhoto = () => picture(2000, 1000).jpeg().toBuffer();

export const textAsJpg = () => Buffer.from('This is a plain text file wearing a .jpg name.\n');
export const svgWithScript = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');

/** One PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid little PNG whose header declares 100 000 × 100 000 pixels (a decompression bomb). */
export function pngWithHugeDeclaredSize(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await picture(640, 480).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** JPEG magic followed by padding, one byte over the limit. */
export function oversized(limit: number): Buffer {
  const data = Buffer.alloc(limit + 1);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return data;
}

/** A one-page PDF, written by hand with a correct cross-reference table. */
export function tinyPdf(text = 'Curriculum vitae'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A ZIP archive; entries are stored (or deflated when asked) in the given order. */
export function zip(entries: { name: string; content: string | Buffer; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
    const stored = entry.deflate ? zlib.deflateRawSync(data) : data;
    const method = entry.deflate ? 8 : 0;
    const crc = zlib.crc32(data);
    // Method, CRC, sizes and name length stand in the same order in both headers.
    const writeEntryFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(method, at);
      header.writeUInt32LE(crc, at + 6);
      header.writeUInt32LE(stored.length, at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const docx = () =>
  zip([
    {
      name: '[Content_Types].xml',
      deflate: true,
      content:
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    { name: 'word/document.xml', deflate: true, content: '<w:document/>' },
  ]);

export const odt = () =>
  zip([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' },
    { name: 'content.xml', deflate: true, content: '<office:document-content/>' },
  ]);

/** A ZIP that is neither a Word nor an OpenDocument file. */
export const plainZip = () => zip([{ name: 'notes.txt', content: 'hello' }]);

export const utf8Text = () => Buffer.from('Publications — 2025\nRisk-neutral pricing, Zürich.\n', 'utf8');
export const binaryBlob = () => Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]);
export const invalidUtf8 = () => Buffer.from([0x48, 0x69, 0xc3, 0x28, 0x0a]);

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so that tests control every byte (file names included). */
export function form(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----fixture${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file below the media folder (temporary files included). */
export function filesOnDisk(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile()).sort();
}

/** True when the bytes hold EXIF, XMP or the GPS marker anywhere. */
export function hasMetadata(data: Buffer): boolean {
  return data.includes(GPS_MARKER) || data.includes('Exif\0\0') || data.includes('FixtureCam') || data.includes('http://ns.adobe.com/xap');
}
