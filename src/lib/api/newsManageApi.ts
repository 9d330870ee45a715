import type { NewsItem, NewsItemInput } from '@/contract/news';

import { apiPaths } from '../paths';
import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const newsTags = listTags('News');

/** Staff edits of news items: injected by the staff screen that imports it, so a visitor's first load does not carry it. */
export const newsManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    createNewsItem: build.mutation<NewsItem, NewsItemInput>({
      query: (body) => ({ url: apiPaths.news, method: 'POST', body }),
      invalidatesTags: [newsTags.list],
    }),
    // The date decides the order: every list changes.
    updateNewsItem: build.mutation<NewsItem, NewsItemInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.newsItem(id), method: 'PATCH', body }),
      invalidatesTags: [newsTags.list],
    }),
    deleteNewsItem: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.newsItem(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [newsTags.item(id), newsTags.list],
    }),
  }),
});

export const { useCreateNewsItemMutation, useUpdateNewsItemMutation, useDeleteNewsItemMutation } = newsManageApi;
