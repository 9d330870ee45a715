import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { GallerySchema, IdParamsSchema } from '../../../contract';
import { DESCRIPTION_MAX, GALLERY_NAME_MAX, GalleryCreateSchema, GalleryUpdateSchema } from '../../../contract/media';
import { isUniqueViolation } from '../../db/errors';
import { ErrorCollector, errorResponses, fieldError, MESSAGES, NoContent } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { createGallery, deleteGallery, findGallery, galleryNameTaken, listGalleries, toGallery, updateGallery } from '../../repositories/galleries';

const DUPLICATE_NAME = 'A gallery with this name already exists.';

/** Galleries: public list; staff create, rename and delete (their images become unassigned). */
const galleryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/photos/galleries/', { schema: { response: { 200: Type.Array(GallerySchema) } } }, async () => listGalleries(app.db));

  app.post(
    '/api/photos/galleries/',
    {
      onRequest: app.requireStaff,
      schema: { body: GalleryCreateSchema, response: { 201: GallerySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const errors = new ErrorCollector();
      const name = errors.text('name', request.body.name, { required: true, maxLength: GALLERY_NAME_MAX });
      const description = errors.text('description', request.body.description ?? '', { required: false, maxLength: DESCRIPTION_MAX });
      if (name !== undefined && (await galleryNameTaken(app.db, name))) errors.add('name', DUPLICATE_NAME);
      if (errors.any || name === undefined || description === undefined) return reply.code(400).send(errors.fields);
      try {
        const row = await createGallery(app.db, signedInUser(request), { name, description });
        return reply.code(201).send(toGallery(row));
      } catch (error) {
        if (isUniqueViolation(error)) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
        throw error;
      }
    },
  );

  app.patch(
    '/api/photos/galleries/update/:id/',
    {
      onRequest: app.requireStaff,
      schema: { params: IdParamsSchema, body: GalleryUpdateSchema, response: { 200: GallerySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const existing = await findGallery(app.db, id);
      if (!existing) return reply.code(404).send({ detail: MESSAGES.notFound });
      const errors = new ErrorCollector();
      const name =
        request.body.name === undefined
          ? existing.name
          : (errors.text('name', request.body.name, { required: true, maxLength: GALLERY_NAME_MAX }) ?? existing.name);
      const description = errors.text('description', request.body.description, { required: false, maxLength: DESCRIPTION_MAX });
      if (request.body.name !== undefined && (await galleryNameTaken(app.db, name, id))) errors.add('name', DUPLICATE_NAME);
      if (errors.any) return reply.code(400).send(errors.fields);
      try {
        const row = await updateGallery(app.db, signedInUser(request), existing, { name, description: description ?? existing.description });
        if (!row) return reply.code(404).send({ detail: MESSAGES.notFound });
        return toGallery(row);
      } catch (error) {
        if (isUniqueViolation(error)) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
        throw error;
      }
    },
  );

  app.delete(
    '/api/photos/galleries/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await deleteGallery(app.db, signedInUser(request), id);
      if (!deleted) return reply.code(404).send({ detail: MESSAGES.notFound });
      return reply.code(204).send(null);
    },
  );
};

export default galleryRoutes;
