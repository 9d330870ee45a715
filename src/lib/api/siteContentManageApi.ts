import type { ContentRestore, ContentSave, ContentVersion, CurrentContent } from '@/contract/content';
import { apiPaths } from '@/contract/paths';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { onSaved } from './onSaved';
import { siteContentApi } from './siteContentApi';

/**
 * The staff content editor's calls: saving the site's words, their earlier versions and restoring one.
 * Injected by the screen that imports it, so a visitor's first load does not carry it.
 */
export const siteContentManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSiteContent: build.mutation<CurrentContent, ContentSave>({
      query: (body) => ({ url: apiPaths.siteContent, method: 'PUT', body }),
      invalidatesTags: ['ContentHistory'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        // The answer is the site's words as saved now.
        onSaved(queryFulfilled, (data) => dispatch(siteContentApi.util.upsertQueryData('getSiteContent', undefined, data))),
    }),
    getContentHistory: build.query<ContentVersion[], void>({
      query: () => staffApiPaths.siteContentVersions,
      providesTags: ['ContentHistory'],
    }),
    restoreContentVersion: build.mutation<CurrentContent, ContentRestore & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.siteContentRestore(id), method: 'POST', body }),
      invalidatesTags: ['ContentHistory'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        // The answer is the site's words as saved now.
        onSaved(queryFulfilled, (data) => dispatch(siteContentApi.util.upsertQueryData('getSiteContent', undefined, data))),
    }),
  }),
});

export const { useSaveSiteContentMutation, useGetContentHistoryQuery, useRestoreContentVersionMutation } = siteContentManageApi;
