import { type ListObjectsV2CommandInput, type ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';

import { type ListedFile, randomName, storageKey } from '../../../server/src/storage';
import { parseS3Url, S3Storage } from '../../../server/src/storage/s3';
import { s3ServerForTests } from '../s3Server';
import { buildTestServer, insertUser, type TestServer } from '../testServer';
import { createCategory, createGallery, uploadDocument, uploadImage } from './client';

const KEY = 'images/0123456789abcdef0123456789abcdef-thumb.webp';

describe('STORAGE_URL', () => {
  it('reads the bucket, a folder inside it, the endpoint, the region and path-style addressing', () => {
    expect(parseS3Url('s3://media/site-a/?endpoint=http://127.0.0.1:9000&region=eu-west-1&path_style=true')).toEqual({
      bucket: 'media',
      prefix: 'site-a/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://media?region=us-east-2')).toMatchObject({ prefix: '', endpoint: undefined, forcePathStyle: false });
  });

  it.each([
    ['https://media.example/', /must look like s3:\/\/bucket/],
    ['media', /not a URL/],
    ['s3://media?endpiont=http://x', /unknown options: endpiont/],
  ])('refuses %s with a message that says what is wrong', (text, message) => {
    expect(() => parseS3Url(text)).toThrow(message);
  });
});

describe('media in an S3-compatible server', () => {
  const s3 = s3ServerForTests();

  it('stores, describes, reads (whole and by range) and deletes a file; a missing one is undefined', async () => {
    const storage = new S3Storage(parseS3Url(s3.storageUrl));
    try {
      await storage.put(KEY, Buffer.from('hello, bucket'));
      expect(await storage.stat(KEY)).toMatchObject({ size: 13 });
      expect((await storage.read(KEY)).toString()).toBe('hello, bucket');
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.openReadStream(KEY, { start: 7, end: 12 })) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('bucket');
      await storage.delete(KEY);
      expect(await storage.stat(KEY)).toBeUndefined();
      await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    } finally {
      storage.close();
    }
  });

  it('lists the stored files under its folder', async () => {
    const storage = new S3Storage({ ...parseS3Url(s3.storageUrl), prefix: 'listing/' });
    try {
      const keys = [storageKey('images', randomName(), 'png'), storageKey('documents', randomName(), 'pdf')].sort();
      for (const key of keys) await storage.put(key, Buffer.from('bytes'));
      const listed: ListedFile[] = [];
      for await (const file of storage.list()) listed.push(file);
      expect(listed.map((file) => file.key).sort()).toEqual(keys);
      expect(listed.map((file) => file.size)).toEqual([5, 5]);
    } finally {
      storage.close();
    }
  });

  // The local server cannot hand out continuation tokens on Node 20 (a cipher OpenSSL 3 dropped): the pages are played here.
  it('follows the continuation token from page to page', async () => {
    const keys = [storageKey('images', randomName(), 'png'), storageKey('images', randomName(), 'webp', 'thumb'), storageKey('documents', randomName(), 'pdf')];
    const pages: ListObjectsV2CommandOutput[] = [
      {
        $metadata: {},
        IsTruncated: true,
        NextContinuationToken: 'page-2',
        Contents: [
          { Key: `site/${keys[0]}`, Size: 1 },
          { Key: 'site/notes.txt', Size: 1 },
        ],
      },
      { $metadata: {}, IsTruncated: true, NextContinuationToken: 'page-3', Contents: [{ Key: `site/${keys[1]}`, Size: 2 }] },
      { $metadata: {}, IsTruncated: false, Contents: [{ Key: `site/${keys[2]}`, Size: 3 }] },
    ];
    const asked: (string | undefined)[] = [];
    const listPage = async (command: { input: ListObjectsV2CommandInput }) => {
      asked.push(command.input.ContinuationToken);
      expect(command.input).toMatchObject({ Bucket: 'media', Prefix: 'site/' });
      return pages[asked.length - 1];
    };
    // send() is overloaded (callbacks, every command); only the listing is called here.
    const send = jest.spyOn(S3Client.prototype, 'send').mockImplementation(listPage as unknown as S3Client['send']);
    const storage = new S3Storage(parseS3Url('s3://media/site?region=us-east-1'));
    try {
      const listed: ListedFile[] = [];
      for await (const file of storage.list()) listed.push(file);
      expect(listed.map((file) => [file.key, file.size])).toEqual([
        [keys[0], 1],
        [keys[1], 2],
        [keys[2], 3],
      ]);
      expect(asked).toEqual([undefined, 'page-2', 'page-3']);
    } finally {
      send.mockRestore();
      storage.close();
    }
  });

  describe('a site whose media live in the bucket', () => {
    let site: TestServer & { cleanup: () => Promise<void> };
    beforeAll(async () => {
      site = await buildTestServer({ storageUrl: s3.storageUrl });
    });
    afterAll(async () => {
      await site.cleanup();
    });

    it('serves an uploaded picture and a signed document download from it', async () => {
      const staff = (await insertUser(site, { is_staff: true })).auth;
      const gallery = await createGallery(site, staff, 'page-logos');
      expect((await uploadImage(site, staff, { title: 'In the bucket', gallery: String(gallery.id) })).statusCode).toBe(201);
      const [image] = (await site.inject({ method: 'GET', url: '/api/photos/images/?gallery_slug=page-logos' })).json<{ sizes: { banner: string } }[]>();
      const banner = await site.inject({ method: 'GET', url: image.sizes.banner });
      expect(banner.statusCode).toBe(200);
      expect(banner.headers['content-type']).toBe('image/webp');

      const category = await createCategory(site, staff, 'CV');
      const uploaded = await uploadDocument(site, staff, { name: 'CV', category: String(category.id), is_current: 'true' });
      expect(uploaded.statusCode).toBe(201);
      const download = await site.inject({ method: 'GET', url: uploaded.json<{ download_url: string }>().download_url, headers: staff });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const partial = await site.inject({ method: 'GET', url: '/cv.pdf', headers: { range: 'bytes=0-3' } });
      expect(partial.statusCode).toBe(206);
      expect(partial.rawPayload.toString()).toBe('%PDF');
    });
  });
});
