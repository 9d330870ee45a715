import sharp from 'sharp';

import type { Image } from '../../../server/contract';
import { RENDITIONS } from '../../../server/src/services/imageJobs';
import { serverWithAccountsFor } from '../testServer';
import { auditActions, createGallery, editImage, postForm, uploadImage } from './client';
import { avifWithGps, filesOnDisk, gif, hasMetadata, jpegWithGps, pngWithGps, webpWithGps, widePhoto } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

describe('images', () => {
  const { server, staff } = serverWithAccountsFor();

  const fetchFile = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });
  /** The address of the medium rendition, which the API does not list (the screens have no use for it). */
  const mediumUrlOf = async (image: Image) => {
    const row = await server.db.selectFrom('images').select('medium_key').where('id', '=', image.id).executeTakeFirstOrThrow();
    return `/media/${row.medium_key}`;
  };
  const urlsOf = async (image: Image) => [image.image_url, image.sizes.thumb, image.sizes.banner, await mediumUrlOf(image), image.sizes.large];

  it.each([
    ['JPEG', jpegWithGps, 'image/jpeg', 'jpeg'],
    ['PNG', pngWithGps, 'image/png', 'png'],
    ['WebP', webpWithGps, 'image/webp', 'webp'],
    ['AVIF', avifWithGps, 'image/avif', 'heif'],
    ['GIF', gif, 'image/gif', 'gif'],
  ])('accepts a %s, keeps the original and serves WebP sizes without any metadata', async (_name, make, contentType, sharpFormat) => {
    const input = await make();
    if (sharpFormat !== 'gif') expect(hasMetadata(input)).toBe(true);
    const res = await uploadImage(server, staff, { title: 'Talk', description: 'At the conference' }, { data: input, filename: 'talk.bin' });
    expect(res.statusCode).toBe(201);
    const image = res.json<Image>();
    expect(image).toEqual({
      id: expect.any(Number),
      title: 'Talk',
      description: 'At the conference',
      gallery: null,
      gallery_name: null,
      image_url: expect.stringMatching(/^\/media\/images\/[0-9a-f]{32}\.[a-z]+$/),
      image: image.image_url,
      sizes: {
        thumb: expect.stringMatching(/^\/media\/images\/[0-9a-f]{32}-thumb\.webp$/),
        banner: expect.stringMatching(/^\/media\/images\/[0-9a-f]{32}-banner\.webp$/),
        large: expect.stringMatching(/^\/media\/images\/[0-9a-f]{32}-large\.webp$/),
      },
      width: expect.any(Number),
      height: expect.any(Number),
      uploaded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const original = await fetchFile(image.image_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe(contentType);
    expect((await sharp(original.rawPayload).metadata()).format).toBe(sharpFormat);
    for (const url of await urlsOf(image)) {
      const file = await fetchFile(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(hasMetadata(file.rawPayload)).toBe(false);
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
    }
    expect((await fetchFile(image.sizes.thumb)).headers['content-type']).toBe('image/webp');
  });

  it('turns a sideways photo upright and derives each size within its box', async () => {
    const image = (await uploadImage(server, staff, {}, { data: await jpegWithGps(), filename: 'portrait.jpg' })).json<Image>();
    // The fixture is 320×200 stored with orientation 6 (rotate 90°): upright it is 200×320.
    expect([image.width, image.height]).toEqual([200, 320]);
    const original = await sharp((await fetchFile(image.image_url)).rawPayload).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([200, 320, undefined]);
    const thumb = await sharp((await fetchFile(image.sizes.thumb)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([100, RENDITIONS.thumb.height]);
    const banner = await sharp((await fetchFile(image.sizes.banner)).rawPayload).metadata();
    expect([banner.width, banner.height]).toEqual([RENDITIONS.banner.width, RENDITIONS.banner.height]);
    const large = await sharp((await fetchFile(image.sizes.large)).rawPayload).metadata();
    expect([large.width, large.height]).toEqual([200, 320]);
  });

  it.each([
    ['a wide photo fitted inside 800 × 800', widePhoto, [800, 400], [1600, 800]],
    ['a small picture, never enlarged', pngWithGps, [320, 200], [320, 200]],
  ])('stores a medium rendition of %s', async (_label, make, medium, large) => {
    const image = (await uploadImage(server, staff, {}, { data: await make(), filename: 'photo.bin' })).json<Image>();
    const mediumUrl = await mediumUrlOf(image);
    expect(mediumUrl).toMatch(/^\/media\/images\/[0-9a-f]{32}-medium\.webp$/);
    const file = await fetchFile(mediumUrl);
    expect(file.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual(medium);
    const largest = await sharp((await fetchFile(image.sizes.large)).rawPayload).metadata();
    expect([largest.width, largest.height]).toEqual(large);
  });

  it('lists images publicly, all or those of one gallery by slug', async () => {
    const logos = await createGallery(server, staff, 'page-logos');
    const talks = await createGallery(server, staff, 'Talks');
    const first = (await uploadImage(server, staff, { title: 'Logo 1', gallery: String(logos.id) })).json<Image>();
    const second = (await uploadImage(server, staff, { title: 'Logo 2', gallery: String(logos.id) })).json<Image>();
    await uploadImage(server, staff, { title: 'Talk', gallery: String(talks.id) });
    await uploadImage(server, staff, { title: 'Loose', gallery: '' });
    const all = (await server.inject({ method: 'GET', url: '/api/photos/images/' })).json<Image[]>();
    expect(all.map((i) => i.title)).toEqual(['Loose', 'Talk', 'Logo 2', 'Logo 1']);
    const banner = await server.inject({ method: 'GET', url: '/api/photos/images/?gallery_slug=page-logos' });
    expect(banner.statusCode).toBe(200);
    expect(banner.json()).toEqual([second, first]);
    expect(banner.json<Image[]>()[0]).toEqual(expect.objectContaining({ gallery: logos.id, gallery_name: 'page-logos' }));
    expect((await server.inject({ method: 'GET', url: '/api/photos/images/?gallery_slug=nothing' })).json()).toEqual([]);
  });

  it.each([
    ['no title', { title: '' }, { title: ['This field may not be blank.'] }],
    ['a long title', { title: 'x'.repeat(301) }, { title: ['Ensure this field has no more than 300 characters.'] }],
    ['an unknown gallery', { gallery: '999' }, { gallery: ['The selected gallery does not exist.'] }],
    ['a malformed gallery', { gallery: 'abc' }, { gallery: ['The selected gallery does not exist.'] }],
  ])('refuses an upload with %s', async (_label, fields, errors) => {
    const res = await uploadImage(server, staff, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
  });

  it('names every missing field at once', async () => {
    const res = await postForm(server, '/api/photos/images/', staff, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: ['No file was submitted.'], title: ['This field is required.'] });
  });

  it('refuses text where the file should be, and JSON bodies', async () => {
    const asField = await postForm(server, '/api/photos/images/', staff, { title: 'x', image: 'not a file' });
    expect(asField.json()).toEqual({ image: ['The submitted data was not a file. Check the encoding type on the form.'] });
    const json = await server.inject({
      method: 'POST',
      url: '/api/photos/images/',
      headers: staff,
      payload: { title: 'x', image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ image: ['The submitted data was not a file. Check the encoding type on the form.'] });
  });

  it('refuses two files in one call', async () => {
    const png = await pngWithGps();
    const res = await postForm(server, '/api/photos/images/', staff, { title: 'x' }, [
      { field: 'image', filename: 'a.png', data: png },
      { field: 'image', filename: 'b.png', data: png },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Send one file per request.' });
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
  });

  it('edits title, description and gallery without touching the files', async () => {
    const gallery = await createGallery(server, staff, 'Talks');
    const image = (await uploadImage(server, staff, { gallery: String(gallery.id) })).json<Image>();
    const files = filesOnDisk(server.config.dataDir);
    const res = await editImage(server, staff, image.id, { title: 'New title', description: 'New text', gallery: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...image, title: 'New title', description: 'New text', gallery: null, gallery_name: null });
    expect(filesOnDisk(server.config.dataDir)).toEqual(files);
    const json = await server.inject({ method: 'PATCH', url: `/api/photos/images/${image.id}/`, headers: staff, payload: { gallery: String(gallery.id) } });
    expect(json.json()).toEqual(expect.objectContaining({ title: 'New title', gallery: gallery.id, gallery_name: 'Talks' }));
    expect((await editImage(server, staff, image.id, { title: ' ' })).json()).toEqual({
      title: ['This field may not be blank.'],
    });
    expect(await auditActions(server)).toEqual(['gallery.created', 'image.uploaded', 'image.updated', 'image.updated']);
  });

  it('treats an empty file input in an edit as no replacement', async () => {
    const image = (await uploadImage(server, staff)).json<Image>();
    const res = await editImage(server, staff, image.id, { title: 'Same' }, { filename: '', data: Buffer.alloc(0) });
    expect(res.statusCode).toBe(200);
    expect(res.json<Image>().image_url).toBe(image.image_url);
  });

  it('replaces the picture: new files served, old files gone', async () => {
    const image = (await uploadImage(server, staff)).json<Image>();
    const oldUrls = await urlsOf(image);
    const res = await editImage(
      server,
      staff,
      image.id,
      { title: 'Replaced', description: '', gallery: '' },
      { filename: 'new.jpg', data: await jpegWithGps() },
    );
    expect(res.statusCode).toBe(200);
    const replaced = res.json<Image>();
    expect(replaced.image_url).toMatch(/\.jpg$/);
    expect([replaced.width, replaced.height]).toEqual([200, 320]);
    for (const url of oldUrls) expect((await fetchFile(url)).statusCode).toBe(404);
    for (const url of await urlsOf(replaced)) expect(hasMetadata((await fetchFile(url)).rawPayload)).toBe(false);
    expect(filesOnDisk(server.config.dataDir)).toHaveLength(5);
  });

  it('keeps the old picture when the replacement is refused', async () => {
    const image = (await uploadImage(server, staff)).json<Image>();
    const files = filesOnDisk(server.config.dataDir);
    const res = await editImage(server, staff, image.id, { title: 'x' }, { filename: 'x.jpg', data: Buffer.from('not an image') });
    expect(res.statusCode).toBe(400);
    expect(filesOnDisk(server.config.dataDir)).toEqual(files);
    expect((await fetchFile(image.image_url)).statusCode).toBe(200);
  });

  it('deletes an image with its files, the medium rendition included', async () => {
    const image = (await uploadImage(server, staff)).json<Image>();
    const urls = await urlsOf(image);
    expect(filesOnDisk(server.config.dataDir)).toHaveLength(5);
    expect((await server.inject({ method: 'DELETE', url: `/api/photos/images/${image.id}/`, headers: staff })).statusCode).toBe(204);
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
    for (const url of urls) expect((await fetchFile(url)).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/api/photos/images/' })).json()).toEqual([]);
    expect((await server.inject({ method: 'PATCH', url: `/api/photos/images/${image.id}/`, headers: staff, payload: { title: 'x' } })).statusCode).toBe(404);
  });

  it('serves media with validators, conditional answers and ranges', async () => {
    const image = (await uploadImage(server, staff)).json<Image>();
    const whole = await fetchFile(image.sizes.large);
    const etag = String(whole.headers.etag);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect((await fetchFile(image.sizes.large, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await fetchFile(image.sizes.large, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(4, 12));
    const tail = await fetchFile(image.sizes.large, { range: 'bytes=-5' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(-5));
    const stale = await fetchFile(image.sizes.large, { range: 'bytes=0-3', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    const beyond = await fetchFile(image.sizes.large, { range: `bytes=${whole.rawPayload.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.rawPayload.length}`);
    const head = await server.inject({ method: 'HEAD', url: image.sizes.large });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');
  });

  it.each([
    '/media/images/..%2F..%2Fsecrets%2Fjwt.key',
    '/media/images/0123456789abcdef0123456789abcdef.svg',
    '/media/images/0123456789abcdef0123456789abcdef.jpg',
    '/media/documents/0123456789abcdef0123456789abcdef.pdf',
    '/media/secrets/jwt.key',
  ])('answers %s with 404', async (url) => {
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
