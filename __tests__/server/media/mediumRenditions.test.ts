import sharp from 'sharp';

import type { Image } from '../../../server/contract';
import type { PublicNote } from '../../../server/contract/notes';
import { saveNote } from '../follow/support';
import { recordChanges, serverWithAccountsFor } from '../testServer';
import { editImage, uploadImage } from './client';
import { pngWithGps, widePhoto } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

describe('medium renditions', () => {
  const { server, staff } = serverWithAccountsFor();

  const upload = async (data: Buffer) => (await uploadImage(server, staff, {}, { data, filename: 'photo.bin' })).json<Image>();
  const mediumKey = async (image: Image) =>
    (await server.db.selectFrom('images').select('medium_key').where('id', '=', image.id).executeTakeFirstOrThrow()).medium_key;
  /** The image as one uploaded before the medium rendition existed left the site: no such rendition. */
  const withoutMedium = async (image: Image) => {
    const key = await mediumKey(image);
    await server.db.updateTable('images').set({ medium_key: null }).where('id', '=', image.id).execute();
    await server.storage.delete(String(key));
  };
  const noteHtml = async (slug: string) => (await server.inject({ method: 'GET', url: `/api/notes/${slug}/` })).json<PublicNote>().html;
  const srcsetOf = (html: string) => /srcset="([^"]*)"/.exec(html)?.[1].split(', ');
  const widths = (srcset: string[] | undefined) => srcset?.map((candidate) => /-(\w+)\.webp (\d+)w$/.exec(candidate)?.slice(1).join(' '));

  it('are offered in a note between the thumbnail and the large one, each at its fitted width', async () => {
    const wide = await upload(await widePhoto());
    const small = await upload(await pngWithGps());
    await saveNote(server, staff, { slug: 'wide', body: `![A wide view](photo:${wide.id})` });
    await saveNote(server, staff, { slug: 'small', body: `![A small view](photo:${small.id})` });
    const html = await noteHtml('wide');
    expect(widths(srcsetOf(html))).toEqual(['thumb 160', 'medium 800', 'large 1600']);
    expect(html).toContain(`src="${wide.sizes.large}"`);
    expect(html).toContain('width="1600" height="800"');
    // 320 px wide: the medium rendition is the large one's size, and is not offered twice.
    expect(widths(srcsetOf(await noteHtml('small')))).toEqual(['thumb 160', 'large 320']);
  });

  it('are made in the background for images from before them, and the notes showing them are rendered again', async () => {
    const image = await upload(await widePhoto());
    await withoutMedium(image);
    await saveNote(server, staff, { slug: 'shows-it', body: `![A wide view](photo:${image.id})` });
    await saveNote(server, staff, { slug: 'shows-none', body: 'Words only.' });
    expect(widths(srcsetOf(await noteHtml('shows-it')))).toEqual(['thumb 160', 'large 1600']);
    const otherBefore = await server.db.selectFrom('notes').select(['html', 'rendered_version']).where('slug', '=', 'shows-none').executeTakeFirstOrThrow();
    const announced = recordChanges(server, ['Image', 'Note']);

    await server.background.runAll();

    const key = await mediumKey(image);
    expect(key).toMatch(/^images\/[0-9a-f]{32}-medium\.webp$/);
    const file = await server.inject({ method: 'GET', url: `/media/${key}` });
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 800, 400]);
    expect(srcsetOf(await noteHtml('shows-it'))).toEqual([expect.stringContaining('-thumb.webp 160w'), `/media/${key} 800w`, `${image.sizes.large} 1600w`]);
    expect(announced).toEqual(expect.arrayContaining([['Image'], ['Note']]));
    expect(await server.db.selectFrom('notes').select(['html', 'rendered_version']).where('slug', '=', 'shows-none').executeTakeFirstOrThrow()).toEqual(
      otherBefore,
    );
    // Nothing is left to make: a second run changes nothing.
    await server.background.runAll();
    expect(await mediumKey(image)).toBe(key);
  });

  it('are made once the site listens, without being asked', async () => {
    const image = await upload(await widePhoto());
    await withoutMedium(image);
    await server.listen({ port: 0, host: '127.0.0.1' });
    for (let tries = 0; tries < 100 && (await mediumKey(image)) === null; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mediumKey(image)).toMatch(/-medium\.webp$/);
  });

  it('skip an image whose original cannot be read, logged once, and make the others', async () => {
    const lost = await upload(await widePhoto());
    const kept = await upload(await widePhoto());
    await withoutMedium(lost);
    await withoutMedium(kept);
    const original = await server.db.selectFrom('images').select('original_key').where('id', '=', lost.id).executeTakeFirstOrThrow();
    await server.storage.delete(original.original_key);
    const warn = jest.spyOn(server.log, 'warn');
    try {
      await server.background.runAll();
      expect(await mediumKey(lost)).toBeNull();
      expect(await mediumKey(kept)).toMatch(/-medium\.webp$/);
      const told = () => warn.mock.calls.filter(([, message]) => String(message).includes('medium rendition'));
      expect(told()).toHaveLength(1);
      await server.background.runAll();
      expect(told()).toHaveLength(1);
      expect(await mediumKey(lost)).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  it('follow a replaced picture: the notes showing it are rendered again with the new files', async () => {
    const image = await upload(await widePhoto());
    await saveNote(server, staff, { slug: 'replaced', body: `![A wide view](photo:${image.id})` });
    const replaced = await editImage(server, staff, image.id, { title: 'A photo' }, { filename: 'small.png', data: await pngWithGps() });
    expect(replaced.statusCode).toBe(200);
    await server.background.runAll();
    const html = await noteHtml('replaced');
    expect(html).toContain(`src="${replaced.json<Image>().sizes.large}"`);
    expect(html).not.toContain(image.sizes.large);
    expect((await server.inject({ method: 'GET', url: image.sizes.large })).statusCode).toBe(404);
  });
});
