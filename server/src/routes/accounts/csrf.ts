import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema } from '../../../contract';
import { CSRF_PATH } from '../../plugins/csrf';

/** A call whose only purpose is the csrftoken cookie (also set by the SPA page) when the browser lacks one. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(CSRF_PATH, { schema: { response: { 200: DetailSchema } } }, async () => ({ detail: 'CSRF cookie set.' }));
};

export default routes;
