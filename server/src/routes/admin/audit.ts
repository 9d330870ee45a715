import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminPageQuerySchema, AuditPageSchema } from '../../../contract/admin';
import { DetailSchema, ErrorBodySchema } from '../../../contract';
import { adminPaths } from './paths';

/** The staff audit trail, newest first. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPaths.audit,
    {
      onRequest: app.requireStaff,
      schema: {
        querystring: AdminPageQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorBodySchema, 401: DetailSchema, 403: DetailSchema },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count } = await app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const results = await app.db
        .selectFrom('audit_log')
        .select(['id', 'at', 'actor_email', 'action', 'subject', 'details'])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(page_size)
        .offset((page - 1) * page_size)
        .execute();
      return { count: Number(count), page, page_size, results };
    },
  );
};

export default auditRoutes;
