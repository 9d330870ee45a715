import { apiPaths } from '@/contract/paths';
import type { ListedPublication, Paper, SelectedPaper } from '@/contract/publications';

import { api } from './apiSlice';

const list = { type: 'Publication', id: 'LIST' } as const;
/** A paper's page lists the talks given on it. */
const talks = { type: 'Talk', id: 'LIST' } as const;

/**
 * Publications: read by the Research page, each paper's page and the home page (handed over with them),
 * and by the staff screen (its imports and edits are in publicationsManageApi.ts).
 */
export const publicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublications: build.query<ListedPublication[], void>({
      query: () => apiPaths.publications,
      providesTags: [list],
    }),
    /** The papers staff chose for the home page, in short. */
    getSelectedPapers: build.query<SelectedPaper[], void>({
      query: () => apiPaths.selectedPapers,
      providesTags: [list],
    }),
    /** A paper with its citations and talks, or null when no paper has the key: an answer the server renders (a 404 page) like any other. */
    getPaper: build.query<Paper | null, string>({
      query: (key) => ({ url: apiPaths.paper(key), validateStatus: (response) => response.ok || response.status === 404 }),
      transformResponse: (paper: Paper, meta) => (meta?.response?.status === 404 ? null : paper),
      providesTags: [list, talks, 'Citations'],
    }),
  }),
});

export const { useGetPublicationsQuery, useGetPaperQuery, useGetSelectedPapersQuery } = publicationsApi;
