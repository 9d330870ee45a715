import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailSchema } from '../../../contract';

/** A call whose only purpose is the csrftoken cookie that every JSON answer sets when it is missing. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/csrf/', { schema: { response: { 200: DetailSchema } } }, async () => ({ detail: 'CSRF cookie set.' }));
};

export default routes;
