/**
 * What the news routes tell the server: the page of the list an address shows, whether there is such
 * a page, and the further pages the sitemap lists. Kept apart from the screen, which loads lazily.
 */
import type { Params } from 'react-router-dom';

import type { NewsPageQuery } from '@/contract/news';
import { paths } from '@/contract/paths';
import { newsApi } from '@/lib/api/newsApi';
import type { RootState } from '@/lib/state';

/** Page numbers as the list's addresses write them (the API reads up to 10,000). */
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;

/** The page at a news address, the same object for the route's prefetch and the screen; undefined when the address names no page. */
export function newsPageQuery({ page = '1' }: Params): NewsPageQuery | undefined {
  if (!PAGE_NUMBER.test(page)) return undefined;
  return page === '1' ? {} : { page: Number(page) };
}

/** Whether a news address names a page of the list: a page past the end is not found. */
export function newsPageExists(state: RootState, params: Params): boolean {
  const query = newsPageQuery(params);
  if (!query) return false;
  const list = newsApi.endpoints.getNewsPage.select(query)(state).data;
  return !list || list.page <= list.pages;
}

/** The addresses of the pages after the first, from the first page's data. */
export function furtherNewsPages(state: RootState): string[] {
  const pages = newsApi.endpoints.getNewsPage.select({})(state).data?.pages ?? 1;
  return Array.from({ length: pages - 1 }, (_, index) => paths.newsPage(index + 2));
}
