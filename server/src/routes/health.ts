import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { HealthSchema, ReadinessSchema } from '../../contract';
import { pingDatabase } from '../db';
import { answerUnderPressure, RETRY_AFTER_SECONDS } from '../plugins/loadShedding';

/** A readiness check answers within this, whatever the storage does. */
const READY_CHECK_MS = 2_000;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      config: answerUnderPressure,
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

  // Readiness, with each part: the storage too (an S3 bucket), so it costs a request to it, and the
  // load (a server shedding load is not ready for more). The plain health check above stays as cheap
  // as a database ping, and answers under load.
  app.get(
    '/api/health/ready',
    { config: answerUnderPressure, schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        pingDatabase(app.db).then(
          () => 'ok' as const,
          (error: unknown) => {
            app.log.error({ err: error }, 'database unreachable');
            return 'unavailable' as const;
          },
        ),
        (app.storage.check?.(READY_CHECK_MS) ?? Promise.resolve()).then(
          () => 'ok' as const,
          (error: unknown) => {
            app.log.error({ err: error }, 'storage unusable');
            return 'unavailable' as const;
          },
        ),
      ]);
      const load = app.isUnderPressure() ? ('busy' as const) : ('ok' as const);
      // Asked before the site started its threads (a server built without main's start), this starts them.
      if (!app.work.ready) void app.work.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'worker threads could not start'));
      const workers = app.work.ready ? ('ok' as const) : ('starting' as const);
      const ready = database === 'ok' && storage === 'ok' && load === 'ok' && workers === 'ok';
      if (load === 'busy' || workers === 'starting') reply.header('Retry-After', RETRY_AFTER_SECONDS);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database, storage, load, workers });
    },
  );
};

export default routes;
