import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DocumentCategorySchema, type DocumentCategory } from '../../../contract';
import { CATEGORY_NAME_MAX, CategoryCreateSchema, DESCRIPTION_MAX } from '../../../contract/media';
import { nowIso } from '../../db/columns';
import type { DocumentCategoryRow } from '../../db/schema';
import { recordAudit } from '../../repositories/audit';
import { ErrorCollector, fieldError, errorResponses, isUniqueViolation } from './errors';
import { signedInUser } from '../../plugins/auth';

const DUPLICATE_NAME = 'A category with this name already exists.';

const toCategory = (row: DocumentCategoryRow): DocumentCategory => ({ id: row.id, name: row.name, description: row.description });

/** Document categories, staff only. Names are unique regardless of case (`CV` marks the CV category). */
const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/categories/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(DocumentCategorySchema), ...errorResponses } } },
    async () => (await app.db.selectFrom('document_categories').selectAll().orderBy('name').orderBy('id').execute()).map(toCategory),
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
      if (name !== undefined) {
        const taken = await app.db
          .selectFrom('document_categories')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
          .executeTakeFirst();
        if (taken) errors.add('name', DUPLICATE_NAME);
      }
      if (errors.any || name === undefined || description === undefined) return reply.code(400).send(errors.fields);
      try {
        const row = await app.db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('document_categories')
            .values({ name, description, created_at: nowIso() })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(trx, signedInUser(request), 'category.created', `category ${created.id} "${created.name}"`);
          return created;
        });
        return reply.code(201).send(toCategory(row));
      } catch (error) {
        if (isUniqueViolation(error)) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
        throw error;
      }
    },
  );
};

export default categoryRoutes;
