import { parseS3Url, S3Storage } from '../../../server/src/storage/s3';
import { startS3 } from '../s3Server';
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
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.stop();
  });

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
