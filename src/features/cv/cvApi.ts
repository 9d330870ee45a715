import type { Document } from '@/contract';
import { apiPaths } from '@/contract/paths';
import { api } from '@/lib/api/apiSlice';

/**
 * The current CV document, or null when none is published (the server answers 404: an answer,
 * not a failure). The staff document screens invalidate `CurrentCv` when it changes.
 */
export const cvApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentCv: build.query<Document | null, void>({
      query: () => ({ url: apiPaths.currentCv, validateStatus: (response) => response.ok || response.status === 404 }),
      transformResponse: (document: Document, meta) => (meta?.response?.status === 404 ? null : document),
      providesTags: ['CurrentCv'],
    }),
  }),
});

export const { useGetCurrentCvQuery } = cvApi;
