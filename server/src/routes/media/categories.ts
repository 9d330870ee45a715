import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DocumentCategorySchema } from '../../../contract';
import { CATEGORY_NAME_MAX, CategoryCreateSchema } from '../../../contract/media';
import { errorResponses, fieldError } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { categoryNameTaken, listCategories } from '../../repositories/categories';
import { addCategory } from '../../services/categories';
import { readNewNamed, type UniqueName } from './uniqueNames';

const DUPLICATE_NAME = 'A category with this name already exists.';

/** Document categories, staff only. Names are unique regardless of case (`CV` marks the CV category). */
const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const uniqueName: UniqueName = { nameMax: CATEGORY_NAME_MAX, taken: (name) => categoryNameTaken(app.db, name), duplicate: DUPLICATE_NAME };

  app.get(
    '/api/documents/categories/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(DocumentCategorySchema), ...errorResponses } } },
    async () => listCategories(app.db),
  );

  app.post(
    '/api/documents/categories/',
    { onRequest: app.requireStaff, schema: { body: CategoryCreateSchema, response: { 201: DocumentCategorySchema, ...errorResponses } } },
    async (request, reply) => {
      const read = await readNewNamed(request.body, uniqueName);
      if ('problems' in read) return reply.code(400).send(read.problems);
      const outcome = await addCategory(app, signedInUser(request), read.values);
      if ('refused' in outcome) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
      return reply.code(201).send(outcome.category);
    },
  );
};

export default categoryRoutes;
