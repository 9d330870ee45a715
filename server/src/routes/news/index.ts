import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { NewsItemInputSchema, NewsItemSchema, NewsListQuerySchema } from '../../../contract/news';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { listNews, toNewsItem } from '../../repositories/news';
import { addNews, editNews, removeNews } from '../../services/news';
import { staffDeleteRoute } from '../staffDelete';

/** News items: the latest listed for visitors on the home page, written by staff. */
const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  app.changes.subscribe(['News'], () => cache.clear());

  app.get(
    '/api/news/',
    { schema: { querystring: NewsListQuerySchema, response: { 200: Type.Array(NewsItemSchema), ...errorResponses } } },
    async (request, reply) => {
      const { limit } = request.query;
      return cache.send(reply, `limit ${limit ?? 'all'}`, async () => ({ status: 200, body: (await listNews(app.db, limit)).map(toNewsItem) }));
    },
  );

  app.post(
    '/api/news/',
    { onRequest: app.requireStaff, schema: { body: NewsItemInputSchema, response: { 201: NewsItemSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await addNews(app, signedInUser(request), request.body);
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return reply.code(201).send(toNewsItem(outcome.item));
    },
  );

  app.patch(
    '/api/news/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: NewsItemInputSchema, response: { 200: NewsItemSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await editNews(app, signedInUser(request), request.params.id, request.body);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return toNewsItem(outcome.item);
    },
  );

  staffDeleteRoute(app, '/api/news/:id/', removeNews);
};

export default newsRoutes;
