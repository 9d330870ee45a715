import type { NewsItem, NewsListQuery, NewsPage, NewsPageQuery } from '@/contract/news';
import { apiPaths } from '@/contract/paths';

import { api } from './apiSlice';
import { listTags } from './listTags';

const newsTags = listTags('News');

/**
 * News items: the latest few on the home page, a page at a time at /news (both handed over with their
 * pages), all of them on the staff screen (its edits are in newsManageApi.ts).
 */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsItem[], NewsListQuery | void>({
      query: (args) => ({ url: apiPaths.news, params: args ?? undefined }),
      providesTags: newsTags.provide,
    }),
    getNewsPage: build.query<NewsPage, NewsPageQuery>({
      query: (args) => ({ url: apiPaths.newsPages, params: args }),
      providesTags: (page) => newsTags.provide(page?.items),
    }),
  }),
});

export const { useGetNewsQuery, useGetNewsPageQuery } = newsApi;
