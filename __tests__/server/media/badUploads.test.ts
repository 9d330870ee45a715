import sharp from 'sharp';

import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '../../../server/src/services/documents';
import { GIF_MAX_PIXELS, IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../../server/src/services/images';
import { sendRaw, serverWithAccountsFor } from '../testServer';
import { createCategory, uploadDocument, uploadImage } from './client';
import {
  binaryBlob,
  filesOnDisk,
  invalidUtf8,
  jpegWithGps,
  oversized,
  plainZip,
  pngWithGps,
  pngWithHugeDeclaredSize,
  svgWithScript,
  textAsJpg,
  tinyPdf,
  truncatedJpeg,
  zip,
} from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

const PATH_IN_NAME = 'The file name must be a plain name, without folders.';
const EMPTY = 'The submitted file is empty.';

/** Each bad upload is refused with a clear message, and leaves neither a file nor a row behind. */
describe('bad uploads', () => {
  const { server, staff } = serverWithAccountsFor('all');
  let category: number;

  beforeAll(async () => {
    category = (await createCategory(server, staff, 'CV')).id;
  });

  afterEach(async () => {
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
    expect(await server.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(await server.db.selectFrom('documents').select('id').execute()).toEqual([]);
    expect((await server.db.selectFrom('audit_log').select('action').execute()).map((r) => r.action)).toEqual(['category.created']);
  });

  const imageCorpus: [string, () => Promise<Buffer> | Buffer, string, number, object][] = [
    ['text renamed .jpg', textAsJpg, 'notes.jpg', 400, { image: [IMAGE_MESSAGES.invalid] }],
    ['SVG with a script', svgWithScript, 'logo.svg', 400, { image: [IMAGE_MESSAGES.svg] }],
    ['SVG renamed .png', svgWithScript, 'logo.png', 400, { image: [IMAGE_MESSAGES.svg] }],
    ['PNG declaring 100 000 × 100 000 pixels', pngWithHugeDeclaredSize, 'bomb.png', 400, { image: [IMAGE_MESSAGES.tooManyPixels(100_000, 100_000)] }],
    ['PNG of 1 × 40 000 000 pixels', () => pngWithHugeDeclaredSize(1, 40_000_000), 'strip.png', 400, { image: [IMAGE_MESSAGES.tooLong(1, 40_000_000)] }],
    ['PNG of 500 × 11 000 pixels', () => pngWithHugeDeclaredSize(500, 11_000), 'tall.png', 400, { image: [IMAGE_MESSAGES.tooNarrow(500, 11_000)] }],
    [
      'GIF of 4100 × 4000 pixels',
      () =>
        sharp({ create: { width: 4100, height: 4000, channels: 3, background: '#336699' } })
          .gif()
          .toBuffer(),
      'big.gif',
      400,
      { image: [IMAGE_MESSAGES.tooManyPixels(4100, 4000, GIF_MAX_PIXELS)] },
    ],
    [
      'animated GIF of 30 frames of 1500 × 1000 pixels',
      async () => {
        const frame = (i: number) =>
          sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: i * 8, g: 80, b: 160 } } })
            .png()
            .toBuffer();
        const frames = await Promise.all(Array.from({ length: 30 }, (_, i) => frame(i)));
        return sharp(frames, { join: { animated: true } })
          .gif()
          .toBuffer();
      },
      'long.gif',
      400,
      { image: [IMAGE_MESSAGES.tooManyFrames(30, 1500, 1000)] },
    ],
    ['truncated JPEG', truncatedJpeg, 'cut.jpg', 400, { image: [IMAGE_MESSAGES.invalid] }],
    ['GIF header followed by HTML', () => Buffer.from('GIF89a<script>alert(1)</script>'), 'x.gif', 400, { image: [IMAGE_MESSAGES.invalid] }],
    ['PDF renamed .png', tinyPdf, 'cv.png', 400, { image: [IMAGE_MESSAGES.invalid] }],
    ['zero bytes', () => Buffer.alloc(0), 'empty.jpg', 400, { image: [EMPTY] }],
    ['path-traversal file name', pngWithGps, '../../etc/passwd.png', 400, { image: [PATH_IN_NAME] }],
    ['Windows path file name', pngWithGps, '..\\..\\boot.png', 400, { image: [PATH_IN_NAME] }],
    ['file name with a control character', pngWithGps, 'a\u0007.png', 400, { image: [PATH_IN_NAME] }],
    ['oversized file', () => oversized(IMAGE_MAX_BYTES), 'huge.jpg', 413, { detail: 'The file is too large. The limit is 15 MB.' }],
  ];

  it.each(imageCorpus)('refuses an image upload: %s', async (_name, make, filename, status, body) => {
    const res = await uploadImage(server, staff, { title: 'Bad' }, { data: await make(), filename, contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  const documentCorpus: [string, () => Promise<Buffer> | Buffer, string, number, object][] = [
    ['JPEG renamed .pdf', jpegWithGps, 'cv.pdf', 400, { file: [DOCUMENT_MESSAGES.unsupported] }],
    ['SVG with a script', svgWithScript, 'cv.svg', 400, { file: [DOCUMENT_MESSAGES.unsupported] }],
    [
      'HTML page renamed .txt',
      () => Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      'cv.txt',
      400,
      { file: [DOCUMENT_MESSAGES.unsupported] },
    ],
    ['truncated PDF', () => tinyPdf().subarray(0, 200), 'cv.pdf', 400, { file: [DOCUMENT_MESSAGES.unsupported] }],
    ['binary data', binaryBlob, 'cv.txt', 400, { file: [DOCUMENT_MESSAGES.unsupported] }],
    ['text that is not UTF-8', invalidUtf8, 'cv.txt', 400, { file: [DOCUMENT_MESSAGES.unsupported] }],
    ['ZIP that is no office document', plainZip, 'cv.docx', 400, { file: [DOCUMENT_MESSAGES.unsupported] }],
    [
      'Word archive without the Word content type',
      () =>
        zip([
          { name: '[Content_Types].xml', content: '<Types/>' },
          { name: 'word/document.xml', content: '<w:document/>' },
        ]),
      'cv.docx',
      400,
      { file: [DOCUMENT_MESSAGES.unsupported] },
    ],
    ['zero bytes', () => Buffer.alloc(0), 'cv.pdf', 400, { file: [EMPTY] }],
    ['path-traversal file name', tinyPdf, '../../../etc/cv.pdf', 400, { file: [PATH_IN_NAME] }],
    ['oversized file', () => oversized(DOCUMENT_MAX_BYTES), 'cv.pdf', 413, { detail: 'The file is too large. The limit is 20 MB.' }],
  ];

  it.each(documentCorpus)('refuses a document upload: %s', async (_name, make, filename, status, body) => {
    const res = await uploadDocument(server, staff, { name: 'Bad', category: String(category), is_current: 'true' }, { data: await make(), filename });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it('refuses malformed multipart bodies with {detail}', async () => {
    const res = await sendRaw(
      server,
      'POST',
      '/api/photos/images/',
      staff,
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });

  it('refuses a form without a boundary with {detail}', async () => {
    const res = await sendRaw(server, 'POST', '/api/documents/documents/', staff, 'multipart/form-data', 'x');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ detail: expect.any(String) });
  });
});
