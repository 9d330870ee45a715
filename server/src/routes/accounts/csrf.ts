import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema } from '../../../contract';
import { CSRF_PATH } from '../../plugins/csrf';

/** A call whose only purpose is the csrftoken cookie, asked for before the one call that needs it (app-token sign-in). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(CSRF_PATH, { schema: { response: { 200: DetailSchema } } }, async (request, reply) => {
    app.issueCsrfToken(request, reply);
    // The answer sets a cookie: no cache may keep it and hand it to someone else.
    reply.header('cache-control', 'no-store');
    return { detail: 'CSRF cookie set.' };
  });
};

export default routes;
