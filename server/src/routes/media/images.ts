import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';

import { IdParamsSchema, ImageSchema } from '../../../contract';
import { IMAGE_TITLE_MAX, ImageListQuerySchema } from '../../../contract/media';
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
import { formRoutes, staffForm } from './multipart';
import { itemFormSchema, readItemForm } from './namedItems';

const GALLERY_MISSING = 'The selected gallery does not exist.';

const IMAGE_FORM = { file: 'image', name: 'title', nameMax: IMAGE_TITLE_MAX } as const;

/** Form fields of an image upload or edit; `gallery` is a gallery id, or empty for none. */
const ImageFormSchema = itemFormSchema(IMAGE_FORM, { gallery: Type.Optional(Type.String({ maxLength: 20 })) });

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

/** Answers an image write the service did not do. */
function refuse(reply: FastifyReply, outcome: Exclude<ImageOutcome, { image: unknown }>) {
  if ('rejected' in outcome) {
    const { status, message } = outcome.rejected;
    return reply.code(status).send(status === 413 ? { detail: message } : { image: [message] });
  }
  return outcome.refused === 'galleryMissing'
    ? reply.code(400).send(fieldError('gallery', GALLERY_MISSING))
    : reply.code(404).send({ detail: MESSAGES.notFound });
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
      forms.post('/api/photos/images/', staffForm(app, { body: ImageFormSchema, response: { 201: ImageSchema } }), async (request, reply) => {
        const { body } = request;
        const errors = new ErrorCollector();
        const { upload, name: title, description } = readItemForm(errors, body, IMAGE_FORM);
        const galleryId = await readGallery(app.db, errors, body.gallery ?? '');
        if (errors.any || !upload || title === undefined || description === undefined || galleryId === undefined) {
          return reply.code(400).send(errors.fields);
        }
        const outcome = await addImage(app, signedInUser(request), { title, description, gallery_id: galleryId }, upload.data);
        if ('image' in outcome) return reply.code(201).send(imageAt(outcome.image, address));
        return refuse(reply, outcome);
      });

      forms.patch(
        '/api/photos/images/:id/',
        staffForm(app, { body: ImageFormSchema, params: IdParamsSchema, response: { 200: ImageSchema }, json: true }),
        async (request, reply) => {
          const { id } = request.params;
          const body = request.body ?? {};
          const existing = await findImageRow(app.db, id);
          if (!existing) return reply.code(404).send({ detail: MESSAGES.notFound });
          const errors = new ErrorCollector();
          const { upload, name: title, description } = readItemForm(errors, body, IMAGE_FORM, { name: existing.title, description: existing.description });
          const galleryId = body.gallery === undefined ? existing.gallery_id : await readGallery(app.db, errors, body.gallery);
          if (errors.any || title === undefined || description === undefined || galleryId === undefined) {
            return reply.code(400).send(errors.fields);
          }
          const outcome = await editImage(app, signedInUser(request), existing, { title, description, gallery_id: galleryId }, upload?.data);
          if ('image' in outcome) return imageAt(outcome.image, address);
          return refuse(reply, outcome);
        },
      );
    }),
  );

  staffDeleteRoute(app, '/api/photos/images/:id/', removeImage);
};

export default imageRoutes;
