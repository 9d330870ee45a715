import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { GallerySchema, IdParamsSchema } from '../../../contract';
import { GALLERY_NAME_MAX, GalleryCreateSchema, GalleryUpdateSchema } from '../../../contract/media';
import { errorResponses, fieldError, MESSAGES } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { findGallery, galleryNameTaken, listGalleries, toGallery } from '../../repositories/galleries';
import { addGallery, editGallery, removeGallery } from '../../services/galleries';
import { staffDeleteRoute } from '../staffDelete';
import { namedItemCreateRoute, readNamed, type UniqueName } from './namedItems';

const DUPLICATE_NAME = 'A gallery with this name already exists.';

/** Galleries: public list; staff create, rename and delete (their images become unassigned). */
const galleryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const uniqueName: UniqueName = { nameMax: GALLERY_NAME_MAX, taken: (name, exceptId) => galleryNameTaken(app.db, name, exceptId), duplicate: DUPLICATE_NAME };

  app.get('/api/photos/galleries/', { schema: { response: { 200: Type.Array(GallerySchema) } } }, async () => listGalleries(app.db));

  namedItemCreateRoute(app, '/api/photos/galleries/', { body: GalleryCreateSchema, item: GallerySchema, rule: uniqueName }, async (actor, values) => {
    const outcome = await addGallery(app, actor, values);
    return 'refused' in outcome ? outcome : toGallery(outcome.gallery);
  });

  app.patch(
    '/api/photos/galleries/update/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: GalleryUpdateSchema, response: { 200: GallerySchema, ...errorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      const existing = await findGallery(app.db, id);
      if (!existing) return reply.code(404).send({ detail: MESSAGES.notFound });
      const read = await readNamed(request.body, uniqueName, existing);
      if ('problems' in read) return reply.code(400).send(read.problems);
      const outcome = await editGallery(app, signedInUser(request), existing, read.values);
      if ('refused' in outcome) {
        return outcome.refused === 'nameTaken' ? reply.code(400).send(fieldError('name', DUPLICATE_NAME)) : reply.code(404).send({ detail: MESSAGES.notFound });
      }
      return reply.send(toGallery(outcome.gallery));
    },
  );

  staffDeleteRoute(app, '/api/photos/galleries/:id/', removeGallery);
};

export default galleryRoutes;
