import type { CurrentContent } from '@/contract/content';
import { apiPaths } from '@/contract/paths';

import { api } from './apiSlice';

/**
 * The site's words: every page reads them (the server hands them over with each page, so they
 * are never fetched on a first visit); the staff content editor saves and restores them (siteContentManageApi.ts).
 */
export const siteContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteContent: build.query<CurrentContent, void>({
      query: () => apiPaths.siteContent,
      providesTags: ['SiteContent'],
      // Kept for the whole visit: the layout needs it on every screen.
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetSiteContentQuery, useLazyGetSiteContentQuery } = siteContentApi;
