import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { type ErrorBody, IdParamsSchema, ImageSchema } from '../../../contract';
import { DESCRIPTION_MAX, IMAGE_TITLE_MAX, ImageListQuerySchema } from '../../../contract/media';
import type { Db } from '../../db';
import { ErrorCollector, errorResponses, fieldError, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { imageAt, siteAddress } from '../../lib/siteAddress';
import { signedInUser } from '../../plugins/auth';
import { findGallery } from '../../repositories/galleries';
import { findImageRow, listImages } from '../../repositories/images';
import { IMAGE_MAX_BYTES } from '../../services/images';
import { addImage, editImage, type ImageOutcome, removeImage } from '../../services/imageUploads';
import { staffDeleteRoute } from '../staffDelete';
import { FileField, formRoutes, readUpload } from './multipart';

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

/** The answer for an image write the service did not do. */
function refusal(outcome: Exclude<ImageOutcome, { image: unknown }>): { status: 400 | 404 | 413; body: ErrorBody } {
  if ('rejected' in outcome) {
    const { status, message } = outcome.rejected;
    return status === 413 ? { status, body: { detail: message } } : { status, body: { image: [message] } };
  }
  return outcome.refused === 'galleryMissing'
    ? { status: 400, body: fieldError('gallery', GALLERY_MISSING) }
    : { status: 404, body: { detail: MESSAGES.notFound } };
}

/** Images: public list (optionally one gallery's); staff upload one file per call, edit and delete. */
const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  app.changes.subscribe(['Image', 'Gallery'], () => cache.clear());
  const address = siteAddress(app.config);

  app.get(
    '/api/photos/images/',
    { schema: { querystring: ImageListQuerySchema, response: { 200: Type.Array(ImageSchema), ...errorResponses } } },
    async (request, reply) => {
      const slug = request.query.gallery_slug;
      return cache.send(reply, `images:${slug ?? '*'}`, async () => {
        return { status: 200, body: (await listImages(app.db, slug)).map((image) => imageAt(image, address)) };
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
          const outcome = await addImage(app, signedInUser(request), { title, description, gallery_id: galleryId }, upload.data);
          if ('image' in outcome) return reply.code(201).send(imageAt(outcome.image, address));
          const refused = refusal(outcome);
          return reply.code(refused.status).send(refused.body);
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
          const outcome = await editImage(app, signedInUser(request), existing, { title, description, gallery_id: galleryId }, upload?.data);
          if ('image' in outcome) return imageAt(outcome.image, address);
          const refused = refusal(outcome);
          return reply.code(refused.status).send(refused.body);
        },
      );
    }),
  );

  staffDeleteRoute(app, '/api/photos/images/:id/', removeImage);
};

export default imageRoutes;
