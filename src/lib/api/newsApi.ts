import type { NewsItem, NewsListQuery } from '@/contract/news';
import { apiPaths } from '@/contract/paths';

import { api } from './apiSlice';
import { listTags } from './listTags';

const newsTags = listTags('News');

/** News items: the latest few on the home page (handed over with it), all of them on the staff screen (its edits are in newsManageApi.ts). */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsItem[], NewsListQuery | void>({
      query: (args) => ({ url: apiPaths.news, params: args ?? undefined }),
      providesTags: newsTags.provide,
    }),
  }),
});

export const { useGetNewsQuery } = newsApi;
