import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { AdminPageQuerySchema, AuditPageSchema } from '../../../contract/admin';
import { errorResponses } from '../../errors';
import { auditPage } from '../../repositories/audit';
import { adminPaths } from './paths';

/** The staff audit trail, newest first. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPaths.audit,
    {
      onRequest: app.requireStaff,
      schema: {
        querystring: AdminPageQuerySchema,
        response: { 200: AuditPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await auditPage(app.db, { page, pageSize: page_size });
      return { count, page, page_size, results: rows };
    },
  );
};

export default auditRoutes;
