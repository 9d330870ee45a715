import type { FastifyInstance } from 'fastify';

import type { Image } from '../../contract';
import { isForeignKeyViolation } from '../db/errors';
import type { ImageRow } from '../db/schema';
import type { AuditActor } from '../repositories/audit';
import { createImage, deleteImage, findImage, type ImageFiles, type ImageText, updateImage } from '../repositories/images';
import { imageKeys } from '../repositories/storedFiles';
import { randomName, storageKey } from '../storage';
import { type RenditionName, RENDITIONS } from './imageJobs';
import { ImageRejected, processImage } from './images';
import { renderAgainBodiesShowing } from './markdownBodies';
import { abandonUpload, removeFiles, storeUpload } from './uploadedFiles';

type Site = Pick<FastifyInstance, 'db' | 'storage' | 'changes' | 'log' | 'imagePool'>;

/** The image as saved, or why it was not: the picture refused, or the gallery or image gone meanwhile. */
export type ImageOutcome = { image: Image } | { rejected: ImageRejected } | { refused: 'galleryMissing' | 'notFound' };

/** Checks and encodes the upload, then stores the original and its renditions under one fresh random name. */
async function storeImage(site: Site, data: Buffer): Promise<ImageFiles | ImageRejected> {
  let image;
  try {
    image = await processImage(site.imagePool, data);
  } catch (error) {
    if (error instanceof ImageRejected) return error;
    throw error;
  }
  const name = randomName();
  const renditionKey = (rendition: RenditionName) => storageKey('images', name, 'webp', rendition);
  const files: ImageFiles = {
    original_key: storageKey('images', name, image.extension),
    thumb_key: renditionKey('thumb'),
    banner_key: renditionKey('banner'),
    medium_key: renditionKey('medium'),
    large_key: renditionKey('large'),
    content_type: image.contentType,
    width: image.width,
    height: image.height,
    size: image.original.length,
  };
  const renditions = (Object.keys(RENDITIONS) as RenditionName[]).map((rendition) => ({ key: renditionKey(rendition), data: image.renditions[rendition] }));
  await storeUpload(site, [{ key: files.original_key, data: image.original }, ...renditions]);
  return files;
}

/** A new image from an upload. */
export async function addImage(site: Site, actor: AuditActor, text: ImageText, data: Buffer): Promise<ImageOutcome> {
  const files = await storeImage(site, data);
  if (files instanceof ImageRejected) return { rejected: files };
  let id: number;
  try {
    id = await createImage(site.db, actor, { ...text, ...files });
  } catch (error) {
    await abandonUpload(site, imageKeys(files));
    if (isForeignKeyViolation(error)) return { refused: 'galleryMissing' };
    throw error;
  }
  site.changes.publish('Image');
  return { image: await findImage(site.db, id) };
}

/** Edits an image's words and gallery, and replaces its picture when an upload is given. */
export async function editImage(site: Site, actor: AuditActor, existing: ImageRow, text: ImageText, data?: Buffer): Promise<ImageOutcome> {
  let files: ImageFiles | undefined;
  if (data) {
    const stored = await storeImage(site, data);
    if (stored instanceof ImageRejected) return { rejected: stored };
    files = stored;
  }
  let updated: ImageRow | undefined;
  try {
    updated = await updateImage(site.db, actor, existing.id, text, files);
  } catch (error) {
    if (files) await abandonUpload(site, imageKeys(files));
    if (isForeignKeyViolation(error)) return { refused: 'galleryMissing' };
    throw error;
  }
  if (!updated) {
    if (files) await abandonUpload(site, imageKeys(files));
    return { refused: 'notFound' };
  }
  // Stored bodies that show the picture name its old files, removed below: they are rendered again.
  if (files) await renderAgainBodiesShowing(site.db, [existing.id]);
  site.changes.publish('Image');
  if (files) await removeFiles(site, imageKeys(existing), 'image files');
  return { image: await findImage(site.db, existing.id) };
}

/** Deletes an image and its files; false when there was none. */
export async function removeImage(site: Site, actor: AuditActor, id: number): Promise<boolean> {
  const deleted = await deleteImage(site.db, actor, id);
  if (!deleted) return false;
  site.changes.publish('Image');
  await removeFiles(site, imageKeys(deleted), 'image files');
  return true;
}
