import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';

import { DownloadLinks } from '../../../server/src/routes/media/downloadLinks';
import { attachmentDisposition } from '../../../server/src/routes/media/files';
import { detectDocumentKind, downloadFileName, isPlainFileName } from '../../../server/src/services/documents';
import { sniffImage } from '../../../server/src/services/images';
import { isValidKey, putAll, randomName, type Storage, storageKey } from '../../../server/src/storage';
import { LocalStorage } from '../../../server/src/storage/local';
import { avifWithGps, docx, gif, jpegWithGps, odt, pngWithGps, svgWithScript, tinyPdf, utf8Text, webpWithGps } from './fixtures';

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
    storage = new LocalStorage(root);
    await storage.init();
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stores, describes, streams (whole or a range) and deletes a file', async () => {
    const key = storageKey('documents', randomName(), 'txt');
    await storage.put(key, Buffer.from('hello world'));
    const info = await storage.stat(key);
    expect(info?.size).toBe(11);
    expect(Math.abs(Date.now() - (info?.modified.getTime() ?? 0))).toBeLessThan(60_000);
    expect(await text(await storage.openReadStream(key))).toBe('hello world');
    expect(await text(await storage.openReadStream(key, { start: 6, end: 10 }))).toBe('world');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it.each(['../secrets/jwt.key', 'images/../../x.jpg', '/etc/passwd', 'images/photo.jpg', 'images/0123456789abcdef0123456789abcdef.jpg/..'])(
    'refuses the key %s',
    async (key) => {
      expect(isValidKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(storage.stat(key)).rejects.toThrow('invalid storage key');
      await expect(storage.openReadStream(key)).rejects.toThrow('invalid storage key');
    },
  );

  it('leaves no temporary file when a write fails', async () => {
    // A plain file where the folder should be makes the final rename fail.
    fs.writeFileSync(path.join(root, 'images'), 'in the way');
    await expect(storage.put(storageKey('images', randomName(), 'jpg'), Buffer.from('x'))).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('clears temporary files a crash left behind when it starts', async () => {
    fs.writeFileSync(path.join(root, '.tmp', 'partial'), 'half a file');
    await new LocalStorage(root).init();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });
});

describe('putAll', () => {
  it('removes what it wrote when a later write fails', async () => {
    const written = new Set<string>();
    let puts = 0;
    const failing: Storage = {
      put: async (key) => {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        written.add(key);
      },
      stat: async () => undefined,
      openReadStream: async () => {
        throw new Error('unused');
      },
      read: async () => {
        throw new Error('unused');
      },
      delete: async (key) => {
        written.delete(key);
      },
      list: async function* () {
        for (const key of written) yield { key, size: 0, modified: new Date(0) };
      },
    };
    const name = randomName();
    const files = ['thumb', 'banner', 'large', 'extra'].map((variant) => ({ key: storageKey('images', name, 'webp', variant), data: Buffer.from(variant) }));
    await expect(putAll(failing, files)).rejects.toThrow('disk full');
    expect([...written]).toEqual([]);
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['cv.pdf', `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`],
    ['Jane "JD" Doe.pdf', `attachment; filename="Jane _JD_ Doe.pdf"; filename*=UTF-8''Jane%20%22JD%22%20Doe.pdf`],
    ['a\\b.txt', `attachment; filename="a_b.txt"; filename*=UTF-8''a%5Cb.txt`],
    ["O'Brien (CV)*.pdf", `attachment; filename="O'Brien (CV)*.pdf"; filename*=UTF-8''O%27Brien%20%28CV%29%2A.pdf`],
    ['履歴書.pdf', `attachment; filename="___.pdf"; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf`],
  ])('%s', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});

describe('DownloadLinks', () => {
  const links = new DownloadLinks('secret'.padEnd(48, 's'));
  const key = storageKey('documents', randomName(), 'pdf');
  const now = Date.UTC(2025, 5, 9, 10, 30);
  const params = (url: string) => new URL(url, 'http://site').searchParams;

  it('signs links that name their sign-in and verify for ten minutes, for that document and file only', () => {
    const url = links.signed(7, key, 3, now);
    expect(url).toMatch(/^\/api\/documents\/documents\/7\/download\/\?session=3&expires=\d+&signature=[\w-]+$/);
    const query = Object.fromEntries(params(url)) as { session: string; expires: string; signature: string };
    expect(Number(query.expires) * 1000 - now).toBeGreaterThan(10 * 60 * 1000);
    expect(Number(query.expires) * 1000 - now).toBeLessThanOrEqual(11 * 60 * 1000);
    expect(links.sessionOf(7, key, query, now)).toBe(3);
    expect(links.sessionOf(7, key, query, Number(query.expires) * 1000 + 1)).toBeUndefined();
    expect(links.sessionOf(8, key, query, now)).toBeUndefined();
    expect(links.sessionOf(7, storageKey('documents', randomName(), 'pdf'), query, now)).toBeUndefined();
    expect(links.sessionOf(7, key, { ...query, expires: String(Number(query.expires) + 3600) }, now)).toBeUndefined();
    expect(links.sessionOf(7, key, { ...query, session: '4' }, now)).toBeUndefined();
    expect(links.sessionOf(7, key, { ...query, expires: undefined }, now)).toBeUndefined();
    expect(new DownloadLinks('other'.padEnd(48, 'o')).sessionOf(7, key, query, now)).toBeUndefined();
  });

  it('gives the same link within the minute', () => {
    const minute = Math.floor(now / 60_000) * 60_000;
    expect(links.signed(7, key, 3, minute)).toBe(links.signed(7, key, 3, minute + 59_000));
  });
});

describe('content sniffing', () => {
  it.each([
    ['jpeg', jpegWithGps],
    ['png', pngWithGps],
    ['webp', webpWithGps],
    ['avif', avifWithGps],
    ['gif', gif],
    ['svg', async () => svgWithScript()],
    [undefined, async () => Buffer.from('GIF')],
    [undefined, async () => tinyPdf()],
  ])('sniffs %s', async (kind, make) => {
    expect(sniffImage(await make())).toBe(kind);
  });

  it.each([
    ['pdf', tinyPdf],
    ['docx', docx],
    ['odt', odt],
    ['txt', utf8Text],
  ] as const)('recognises a %s document', async (kind, make) => {
    expect(await detectDocumentKind(make())).toBe(kind);
  });

  it.each([
    ['CV.pdf', true],
    ['Lebenslauf Müller.pdf', true],
    ['../cv.pdf', false],
    ['C:\\cv.pdf', false],
    ['..', false],
    ['cv\u0000.pdf', false],
  ])('%s is a plain file name: %s', (name, plain) => {
    expect(isPlainFileName(name)).toBe(plain);
  });

  it.each([
    ['a matching extension', 'cv.pdf', 'pdf', 'cv.pdf'],
    ['an upper-case extension', 'CV.PDF', 'pdf', 'CV.pdf'],
    ['a misleading extension', 'cv.docx', 'pdf', 'cv.docx.pdf'],
    ['a hidden-file name', '  .hidden  ', 'txt', 'hidden.txt'],
    ['no name', '', 'odt', 'document.odt'],
    ['a very long name', `${'x'.repeat(300)}.pdf`, 'pdf', `${'x'.repeat(200)}.pdf`],
  ] as const)('offers a download name for %s', (_label, uploaded, kind, expected) => {
    expect(downloadFileName(uploaded, kind)).toBe(expected);
  });
});
