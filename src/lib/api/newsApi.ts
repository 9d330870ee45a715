import type { NewsItem, NewsItemInput, NewsListQuery } from '@/contract/news';

import { apiPaths } from '../paths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const newsTags = listTags('News');

/** News items: the latest few on the home page (handed over with it), all of them on the staff screen. */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsItem[], NewsListQuery | void>({
      query: (args) => ({ url: apiPaths.news, params: args ?? undefined }),
      providesTags: newsTags.provide,
    }),
    createNewsItem: build.mutation<NewsItem, NewsItemInput>({
      query: (body) => ({ url: apiPaths.news, method: 'POST', body }),
      invalidatesTags: [newsTags.list],
    }),
    // The date decides the order: every list changes.
    updateNewsItem: build.mutation<NewsItem, NewsItemInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.newsItem(id), method: 'PATCH', body }),
      invalidatesTags: [newsTags.list],
    }),
    deleteNewsItem: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.newsItem(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [newsTags.item(id), newsTags.list],
    }),
  }),
});

export const { useGetNewsQuery, useCreateNewsItemMutation, useUpdateNewsItemMutation, useDeleteNewsItemMutation } = newsApi;
