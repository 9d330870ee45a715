import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { type ErrorBody, IdParamsSchema, ImageSchema } from '../../../contract';
import { DESCRIPTION_MAX, IMAGE_TITLE_MAX, ImageListQuerySchema } from '../../../contract/media';
import type { Db } from '../../db';
import { isForeignKeyViolation } from '../../db/errors';
import type { ImageRow } from '../../db/schema';
import { ErrorCollector, errorResponses, fieldError, MESSAGES, NoContent } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { findGallery } from '../../repositories/galleries';
import { createImage, deleteImage, findImage, findImageRow, listImages, updateImage } from '../../repositories/images';
import { IMAGE_MAX_BYTES, ImageRejected, type ProcessedImage, processImage } from '../../services/images';
import { deleteAll, putAll, randomName, type Storage, storageKey } from '../../storage';
import { FileField, formRoutes, readUpload, type UploadedFile } from './multipart';

const GALLERY_MISSING = 'The selected gallery does not exist.';

/** Form fields of an image upload or edit; `gallery` is a gallery id, or empty for none. */
const ImageFormSchema = Type.Object({
  image: Type.Optional(FileField),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  gallery: Type.Optional(Type.String({ maxLength: 20 })),
});

/** The gallery field: empty (or `null`) for none, else the id of an existing gallery. */
async function readGallery(db: Db, errors: ErrorCollector, value: string): Promise<number | null | undefined> {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'null') return null;
  const id = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
  const found = id === undefined ? undefined : await findGallery(db, id);
  if (!found) {
    errors.add('gallery', GALLERY_MISSING);
    return undefined;
  }
  return found.id;
}

interface StoredImage {
  keys: string[];
  columns: Pick<ImageRow, 'original_key' | 'thumb_key' | 'banner_key' | 'large_key' | 'content_type' | 'width' | 'height' | 'size'>;
}

/** Writes the original and its renditions under one fresh random name. */
async function storeImage(storage: Storage, image: ProcessedImage): Promise<StoredImage> {
  const name = randomName();
  const columns = {
    original_key: storageKey('images', name, image.extension),
    thumb_key: storageKey('images', name, 'webp', 'thumb'),
    banner_key: storageKey('images', name, 'webp', 'banner'),
    large_key: storageKey('images', name, 'webp', 'large'),
    content_type: image.contentType,
    width: image.width,
    height: image.height,
    size: image.original.length,
  };
  await putAll(storage, [
    { key: columns.original_key, data: image.original },
    { key: columns.thumb_key, data: image.renditions.thumb },
    { key: columns.banner_key, data: image.renditions.banner },
    { key: columns.large_key, data: image.renditions.large },
  ]);
  return { keys: [columns.original_key, columns.thumb_key, columns.banner_key, columns.large_key], columns };
}

const keysOf = (row: ImageRow) => [row.original_key, row.thumb_key, row.banner_key, row.large_key];

/** Images: public list (optionally one gallery's); staff upload one file per call, edit and delete. */
const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Processes the upload, or says how to refuse it. */
  async function prepare(upload: UploadedFile) {
    try {
      return { processed: await processImage(upload.data) };
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      const body: ErrorBody = error.status === 413 ? { detail: error.message } : { image: [error.message] };
      return { status: error.status === 413 ? (413 as const) : (400 as const), body };
    }
  }

  async function discard(keys: string[]) {
    const failed = await deleteAll(app.storage, keys);
    if (failed.length) app.log.error({ keys: failed }, 'could not remove image files');
  }

  app.get(
    '/api/photos/images/',
    { schema: { querystring: ImageListQuerySchema, response: { 200: Type.Array(ImageSchema), ...errorResponses } } },
    async (request, reply) => {
      const slug = request.query.gallery_slug;
      return app.publicAnswers.send(reply, `images:${slug ?? '*'}`, async () => {
        return { status: 200, body: await listImages(app.db, slug) };
      });
    },
  );

  // Uploads and edits take forms; the public list beside them is answered without the form parser.
  await app.register(
    formRoutes(IMAGE_MAX_BYTES, async (forms) => {
      forms.post(
        '/api/photos/images/',
        {
          onRequest: app.requireStaff,
          schema: { consumes: ['multipart/form-data'], body: ImageFormSchema, response: { 201: ImageSchema, ...errorResponses } },
        },
        async (request, reply) => {
          const { body } = request;
          const errors = new ErrorCollector();
          const upload = readUpload(errors, 'image', body.image);
          const title = errors.text('title', body.title, { required: true, maxLength: IMAGE_TITLE_MAX });
          const description = errors.text('description', body.description ?? '', { required: false, maxLength: DESCRIPTION_MAX });
          const galleryId = await readGallery(app.db, errors, body.gallery ?? '');
          if (errors.any || !upload || title === undefined || description === undefined || galleryId === undefined) {
            return reply.code(400).send(errors.fields);
          }
          const prepared = await prepare(upload);
          if (!prepared.processed) return reply.code(prepared.status).send(prepared.body);
          const stored = await storeImage(app.storage, prepared.processed);
          try {
            const id = await createImage(app.db, signedInUser(request), { title, description, gallery_id: galleryId, ...stored.columns });
            return reply.code(201).send(await findImage(app.db, id));
          } catch (error) {
            await discard(stored.keys);
            if (isForeignKeyViolation(error)) return reply.code(400).send(fieldError('gallery', GALLERY_MISSING));
            throw error;
          }
        },
      );

      forms.patch(
        '/api/photos/images/:id/',
        {
          onRequest: app.requireStaff,
          schema: {
            consumes: ['multipart/form-data', 'application/json'],
            params: IdParamsSchema,
            body: ImageFormSchema,
            response: { 200: ImageSchema, ...errorResponses },
          },
        },
        async (request, reply) => {
          const { id } = request.params;
          const body = request.body ?? {};
          const existing = await findImageRow(app.db, id);
          if (!existing) return reply.code(404).send({ detail: MESSAGES.notFound });
          const errors = new ErrorCollector();
          const upload = readUpload(errors, 'image', body.image, true);
          const title = body.title === undefined ? existing.title : errors.text('title', body.title, { required: true, maxLength: IMAGE_TITLE_MAX });
          const description =
            body.description === undefined
              ? existing.description
              : errors.text('description', body.description, { required: false, maxLength: DESCRIPTION_MAX });
          const galleryId = body.gallery === undefined ? existing.gallery_id : await readGallery(app.db, errors, body.gallery);
          if (errors.any || title === undefined || description === undefined || galleryId === undefined) {
            return reply.code(400).send(errors.fields);
          }
          let stored: StoredImage | undefined;
          if (upload) {
            const prepared = await prepare(upload);
            if (!prepared.processed) return reply.code(prepared.status).send(prepared.body);
            stored = await storeImage(app.storage, prepared.processed);
          }
          let updated: ImageRow | undefined;
          try {
            updated = await updateImage(
              app.db,
              signedInUser(request),
              id,
              { title, description, gallery_id: galleryId, ...stored?.columns },
              stored !== undefined,
            );
          } catch (error) {
            if (stored) await discard(stored.keys);
            if (isForeignKeyViolation(error)) return reply.code(400).send(fieldError('gallery', GALLERY_MISSING));
            throw error;
          }
          if (!updated) {
            if (stored) await discard(stored.keys);
            return reply.code(404).send({ detail: MESSAGES.notFound });
          }
          if (stored) await discard(keysOf(existing));
          return findImage(app.db, id);
        },
      );
    }),
  );

  app.delete(
    '/api/photos/images/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await deleteImage(app.db, signedInUser(request), id);
      if (!deleted) return reply.code(404).send({ detail: MESSAGES.notFound });
      await discard(keysOf(deleted));
      return reply.code(204).send(null);
    },
  );
};

export default imageRoutes;
