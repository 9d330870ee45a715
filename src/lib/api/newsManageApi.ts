import type { NewsItem, NewsItemInput } from '@/contract/news';
import { apiPaths } from '@/contract/paths';

import { staffApiPaths } from '../staffApiPaths';
import { collectionManageApi } from './collectionManageApi';

/** Staff edits of news items (see collectionManageApi). */
export const newsManageApi = collectionManageApi<NewsItem, NewsItemInput, 'NewsItem'>('NewsItem', 'News', {
  list: apiPaths.news,
  item: staffApiPaths.newsItem,
});

export const { useCreateNewsItemMutation, useUpdateNewsItemMutation, useDeleteNewsItemMutation } = newsManageApi;
