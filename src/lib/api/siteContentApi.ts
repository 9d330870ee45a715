import type { ContentRestore, ContentSave, ContentVersion, CurrentContent } from '@/contract/content';

import { apiPaths } from '../paths';
import { api } from './apiSlice';

/**
 * The site's words: every page reads them (the server hands them over with each page, so they
 * are never fetched on a first visit); the staff content editor saves and restores them.
 */
export const siteContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteContent: build.query<CurrentContent, void>({
      query: () => apiPaths.siteContent,
      providesTags: ['SiteContent'],
      // Kept for the whole visit: the layout needs it on every screen.
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    saveSiteContent: build.mutation<CurrentContent, ContentSave>({
      query: (body) => ({ url: apiPaths.siteContent, method: 'PUT', body }),
      invalidatesTags: ['ContentHistory'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(siteContentApi.util.upsertQueryData('getSiteContent', undefined, data));
      },
    }),
    getContentHistory: build.query<ContentVersion[], void>({
      query: () => apiPaths.siteContentVersions,
      providesTags: ['ContentHistory'],
    }),
    restoreContentVersion: build.mutation<CurrentContent, ContentRestore & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.siteContentRestore(id), method: 'POST', body }),
      invalidatesTags: ['ContentHistory'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(siteContentApi.util.upsertQueryData('getSiteContent', undefined, data));
      },
    }),
  }),
});

export const { useGetSiteContentQuery, useLazyGetSiteContentQuery, useSaveSiteContentMutation, useGetContentHistoryQuery, useRestoreContentVersionMutation } =
  siteContentApi;
