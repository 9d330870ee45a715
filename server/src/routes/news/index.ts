import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { NewsItemInputSchema, NewsItemSchema, NewsListQuerySchema } from '../../../contract/news';
import { listNews, toNewsItem } from '../../repositories/news';
import { addNews, editNews, removeNews } from '../../services/news';
import { staffCollectionRoutes } from '../staffCollection';

/** News items: the latest listed for visitors on the home page, written by staff. */
const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffCollectionRoutes(app, '/api/news/', {
    schemas: { input: NewsItemInputSchema, item: NewsItemSchema, query: NewsListQuerySchema },
    shows: ['News'],
    list: ({ limit }) => listNews(app.db, limit),
    cacheKey: ({ limit }) => `limit ${limit ?? 'all'}`,
    view: toNewsItem,
    service: { add: addNews, edit: editNews, remove: removeNews },
  });
};

export default newsRoutes;
