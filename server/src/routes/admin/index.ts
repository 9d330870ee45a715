import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { validationDetail } from './validation';
import auditRoutes from './audit';
import userRoutes from './users';

/**
 * The administration area's calls, staff only. Encapsulated so that its error handler answers
 * malformed queries, ids and bodies with the single 400 `{detail}` its route schemas describe.
 */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setErrorHandler<FastifyError>((error, _request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ detail: validationDetail(error.validation, error.validationContext) });
    }
    // Everything else is answered by the site-wide handler.
    throw error;
  });

  await app.register(userRoutes);
  await app.register(auditRoutes);
};

export default adminRoutes;
