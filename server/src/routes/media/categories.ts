import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DocumentCategorySchema, IdParamsSchema } from '../../../contract';
import { CATEGORY_NAME_MAX, CategoryCreateSchema, CategoryDeleteQuerySchema, CategoryUpdateSchema } from '../../../contract/media';
import { detail, errorResponses, fieldError, MESSAGES, NoContent } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { categoryNameTaken, findCategory, listCategories } from '../../repositories/categories';
import { addCategory, editCategory, removeCategory } from '../../services/categories';
import { namedItemCreateRoute, namedItemEditRoute, type UniqueName } from './namedItems';

const DUPLICATE_NAME = 'A category with this name already exists.';
const MOVE_TARGET_MISSING = 'The selected category does not exist.';
const MOVE_TO_ITSELF = 'Choose another category: the documents cannot move to the category being deleted.';

/** Why a category holding documents was not deleted, and the two ways out. */
function holdsDocumentsMessage(count: number): string {
  const documents = count === 1 ? '1 document' : `${count} documents`;
  const them = count === 1 ? 'it' : 'them';
  return `This category holds ${documents}. Move or delete ${them} first, or choose a category to move ${them} to as you delete this one.`;
}

/** Document categories, staff only. Names are unique regardless of case (`CV` marks the CV category). */
const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const uniqueName: UniqueName = {
    nameMax: CATEGORY_NAME_MAX,
    taken: (name, exceptId) => categoryNameTaken(app.db, name, exceptId),
    duplicate: DUPLICATE_NAME,
  };

  app.get(
    '/api/documents/categories/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(DocumentCategorySchema), ...errorResponses } } },
    async () => listCategories(app.db),
  );

  namedItemCreateRoute(
    app,
    '/api/documents/categories/',
    { body: CategoryCreateSchema, item: DocumentCategorySchema, rule: uniqueName },
    async (actor, values) => {
      const outcome = await addCategory(app, actor, values);
      return 'refused' in outcome ? outcome : outcome.category;
    },
  );

  const edits = { body: CategoryUpdateSchema, item: DocumentCategorySchema, rule: uniqueName, find: (id: number) => findCategory(app.db, id) };
  namedItemEditRoute(app, '/api/documents/categories/:id/', edits, async (actor, existing, values) => {
    const outcome = await editCategory(app, actor, existing.id, values);
    return 'refused' in outcome ? outcome : outcome.category;
  });

  app.delete(
    '/api/documents/categories/:id/',
    {
      onRequest: app.requireStaff,
      schema: { params: IdParamsSchema, querystring: CategoryDeleteQuerySchema, response: { 204: NoContent, ...errorResponses } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const moveTo = request.query.move_to;
      if (moveTo === id) return reply.code(400).send(fieldError('move_to', MOVE_TO_ITSELF));
      if (moveTo !== undefined && !(await findCategory(app.db, moveTo))) return reply.code(400).send(fieldError('move_to', MOVE_TARGET_MISSING));
      const outcome = await removeCategory(app, signedInUser(request), id, moveTo);
      if (!('refused' in outcome)) return reply.code(204).send(null);
      switch (outcome.refused) {
        case 'notFound':
          return reply.code(404).send(detail(MESSAGES.notFound));
        case 'holdsDocuments':
          return reply.code(409).send(detail(holdsDocumentsMessage(outcome.documents)));
        case 'targetMissing':
          return reply.code(400).send(fieldError('move_to', MOVE_TARGET_MISSING));
      }
    },
  );
};

export default categoryRoutes;
