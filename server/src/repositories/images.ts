import type { Image } from '../../contract';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { ImageRow } from '../db/schema';
import { type AuditActor, changeOneAudited, deleteOneAudited, recordAudit } from './audit';
import { forgetPendingUploads, type ImageKeyColumn, imageKeys } from './storedFiles';

type ImageWithGallery = ImageRow & { gallery_name: string | null };

/** The columns that describe an image's stored files. */
export type ImageFiles = Pick<ImageRow, ImageKeyColumn | 'content_type' | 'width' | 'height' | 'size'>;
/** What staff write about an image. */
export type ImageText = Pick<ImageRow, 'title' | 'description' | 'gallery_id'>;

const mediaUrl = (key: string) => `/media/${key}`;

function toImage(row: ImageWithGallery): Image {
  const original = mediaUrl(row.original_key);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    gallery: row.gallery_id,
    gallery_name: row.gallery_name,
    image_url: original,
    image: original,
    sizes: { thumb: mediaUrl(row.thumb_key), banner: mediaUrl(row.banner_key), large: mediaUrl(row.large_key) },
    width: row.width,
    height: row.height,
    uploaded_at: row.uploaded_at,
  };
}

function selectImages(db: Db) {
  return db.selectFrom('images').leftJoin('galleries', 'galleries.id', 'images.gallery_id').selectAll('images').select('galleries.name as gallery_name');
}

/** Newest first; one gallery's when a slug is given. */
export async function listImages(db: Db, gallerySlug?: string): Promise<Image[]> {
  let query = selectImages(db);
  if (gallerySlug !== undefined) query = query.where('galleries.slug', '=', gallerySlug);
  return (await query.orderBy('images.uploaded_at', 'desc').orderBy('images.id', 'desc').execute()).map(toImage);
}

/** The image as the API shows it; it must exist. */
export async function findImage(db: Db, id: number): Promise<Image> {
  return toImage(await selectImages(db).where('images.id', '=', id).executeTakeFirstOrThrow());
}

export function findImageRow(db: Db, id: number): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records an uploaded image (its files are already stored, as pending uploads) and its audit line. */
export function createImage(db: Db, actor: AuditActor, values: ImageText & ImageFiles): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('images')
      .values({ ...values, uploaded_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await forgetPendingUploads(trx, imageKeys(values));
    await recordAudit(trx, actor, 'image.uploaded', `image ${row.id} "${values.title}"`, `gallery ${values.gallery_id ?? 'none'}`);
    return row.id;
  });
}

/** Edits an image, and points it at new files (stored as pending uploads) when given; undefined when it is gone. */
export function updateImage(db: Db, actor: AuditActor, id: number, text: ImageText, files?: ImageFiles): Promise<ImageRow | undefined> {
  return changeOneAudited(
    db,
    actor,
    async (trx) => {
      const row = await trx
        .updateTable('images')
        .set({ ...text, ...files })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row && files) await forgetPendingUploads(trx, imageKeys(files));
      return row;
    },
    (row) => ['image.updated', `image ${id} "${row.title}"`, files ? 'file replaced' : ''],
  );
}

/** Deletes the image's row (the caller removes its files); undefined when there was none. */
export const deleteImage = (db: Db, actor: AuditActor, id: number): Promise<ImageRow | undefined> =>
  deleteOneAudited(db, actor, 'images', id, (row) => ['image.deleted', `image ${id} "${row.title}"`]);

/** Images without a medium rendition (from before it), in order of id after `afterId`, a few at a time. */
export function imagesWithoutMedium(db: Db, afterId: number, limit: number): Promise<Pick<ImageRow, 'id' | 'original_key'>[]> {
  return db.selectFrom('images').select(['id', 'original_key']).where('medium_key', 'is', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/**
 * Points an image at the medium rendition derived from its original (stored as a pending upload);
 * false when the image was deleted, its picture replaced or its rendition made elsewhere meanwhile.
 */
export function setMediumKey(db: Db, image: Pick<ImageRow, 'id' | 'original_key'>, key: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('images')
      .set({ medium_key: key })
      .where('id', '=', image.id)
      .where('original_key', '=', image.original_key)
      .where('medium_key', 'is', null)
      .executeTakeFirst();
    const updated = Number(result.numUpdatedRows) > 0;
    if (updated) await forgetPendingUploads(trx, [key]);
    return updated;
  });
}
