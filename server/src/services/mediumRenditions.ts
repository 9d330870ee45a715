/**
 * Images uploaded before the medium rendition existed get theirs in the background: their stored
 * original goes through the image worker as an upload does, the medium rendition is stored, and the
 * bodies that show them are rendered again so that phones download it rather than the large one.
 */
import type { FastifyInstance } from 'fastify';

import type { ImageRow } from '../db/schema';
import { imagesWithoutMedium, setMediumKey } from '../repositories/images';
import { randomName, storageKey } from '../storage';
import { processImage } from './images';
import { renderAgainBodiesShowing } from './markdownBodies';
import { abandonUpload, storeUpload } from './uploadedFiles';

type Site = Pick<FastifyInstance, 'db' | 'storage' | 'changes' | 'log' | 'imagePool' | 'refreshDerivedContent'>;

/** Images read per query: the worker encodes one at a time anyway. */
const BATCH = 4;

/**
 * Derives and stores the medium rendition of one image; false when its original could not be read
 * or encoded (logged, and remembered in `failed`), or the image changed meanwhile (a new picture
 * comes with its own).
 */
async function deriveMedium(site: Site, image: Pick<ImageRow, 'id' | 'original_key'>, failed: Set<string>): Promise<boolean> {
  let medium: Buffer;
  try {
    medium = (await processImage(site.imagePool, await site.storage.read(image.original_key))).renditions.medium;
  } catch (error) {
    failed.add(image.original_key);
    site.log.warn({ err: error, image: image.id, key: image.original_key }, 'could not make the medium rendition of an image; it keeps its other sizes');
    return false;
  }
  const key = storageKey('images', randomName(), 'webp', 'medium');
  await storeUpload(site, [{ key, data: medium }]);
  if (await setMediumKey(site.db, image, key)) return true;
  await abandonUpload(site, [key]);
  return false;
}

/**
 * Gives every image without a medium rendition one, a few at a time. An image whose original
 * failed is remembered in `failed` (by its original's key) and not tried again by this process,
 * so it is logged once and never holds up the others. After each few, the bodies showing them are
 * rendered again and the change announced, so that cached pages are drawn anew.
 */
export async function deriveMissingMediumRenditions(site: Site, failed: Set<string>, stopping: AbortSignal): Promise<void> {
  let after = 0;
  for (;;) {
    const images = stopping.aborted ? [] : await imagesWithoutMedium(site.db, after, BATCH);
    if (images.length === 0) return;
    const derived: number[] = [];
    for (const image of images) {
      if (stopping.aborted) break;
      if (failed.has(image.original_key)) continue;
      if (await deriveMedium(site, image, failed)) derived.push(image.id);
    }
    after = images[images.length - 1].id;
    if (derived.length > 0) {
      await renderAgainBodiesShowing(site.db, derived);
      site.changes.publish('Image');
      await site.refreshDerivedContent();
    }
  }
}
