import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { HealthSchema } from '../../contract';
import { pingDatabase } from '../db';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: HealthSchema,
          503: Type.Object({ status: Type.Literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};

export default routes;
