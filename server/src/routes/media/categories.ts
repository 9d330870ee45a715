import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DocumentCategorySchema } from '../../../contract';
import { CATEGORY_NAME_MAX, CategoryCreateSchema, DESCRIPTION_MAX } from '../../../contract/media';
import { isUniqueViolation } from '../../db/errors';
import { ErrorCollector, errorResponses, fieldError } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { categoryNameTaken, createCategory, listCategories } from '../../repositories/categories';

const DUPLICATE_NAME = 'A category with this name already exists.';

/** Document categories, staff only. Names are unique regardless of case (`CV` marks the CV category). */
const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/categories/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(DocumentCategorySchema), ...errorResponses } } },
    async () => listCategories(app.db),
  );

  app.post(
    '/api/documents/categories/',
    {
      onRequest: app.requireStaff,
      schema: { body: CategoryCreateSchema, response: { 201: DocumentCategorySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const errors = new ErrorCollector();
      const name = errors.text('name', request.body.name, { required: true, maxLength: CATEGORY_NAME_MAX });
      const description = errors.text('description', request.body.description ?? '', { required: false, maxLength: DESCRIPTION_MAX });
      if (name !== undefined && (await categoryNameTaken(app.db, name))) errors.add('name', DUPLICATE_NAME);
      if (errors.any || name === undefined || description === undefined) return reply.code(400).send(errors.fields);
      try {
        return reply.code(201).send(await createCategory(app.db, signedInUser(request), { name, description }));
      } catch (error) {
        if (isUniqueViolation(error)) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
        throw error;
      }
    },
  );
};

export default categoryRoutes;
