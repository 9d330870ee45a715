import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { NEWS_LIMITS, NewsItemInputSchema, NewsItemSchema, NewsListQuerySchema, NewsPageQuerySchema, NewsPageSchema } from '../../../contract/news';
import { apiPaths } from '../../../contract/paths';
import { errorResponses } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { listNews, listNewsPage, toNewsItem } from '../../repositories/news';
import { addNews, editNews, removeNews } from '../../services/news';
import { staffCollectionRoutes } from '../staffCollection';

/** News items: the latest on the home page and a page at a time at /news for visitors, written by staff. */
const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffCollectionRoutes(app, apiPaths.news, {
    schemas: { input: NewsItemInputSchema, item: NewsItemSchema, query: NewsListQuerySchema },
    shows: ['News'],
    list: ({ limit }) => listNews(app.db, limit),
    cacheKey: ({ limit }) => `limit ${limit ?? 'all'}`,
    view: toNewsItem,
    service: { add: addNews, edit: editNews, remove: removeNews },
  });

  const pages = new ResponseCache();
  app.changes.subscribe(['News'], () => pages.clear());
  // A page past the last answers with no items, as the notes' list does: the page at its address is then not found.
  app.get(
    apiPaths.newsPages,
    { schema: { querystring: NewsPageQuerySchema, response: { 200: NewsPageSchema, ...errorResponses } } },
    async (request, reply) => {
      const { page = 1 } = request.query;
      return pages.send(reply, `page ${page}`, async () => {
        const { rows, total } = await listNewsPage(app.db, { offset: (page - 1) * NEWS_LIMITS.perPage, limit: NEWS_LIMITS.perPage });
        return { status: 200, body: { items: rows.map(toNewsItem), page, pages: Math.max(1, Math.ceil(total / NEWS_LIMITS.perPage)), total } };
      });
    },
  );
};

export default newsRoutes;
