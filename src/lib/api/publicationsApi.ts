import type { BibtexImport, ImportPlan, Paper, Publication, PublicationOrder, PublicationUpdate, SelectedPaper } from '@/contract/publications';

import { apiPaths } from '../paths';
import { api } from './apiSlice';

const list = { type: 'Publication', id: 'LIST' } as const;

/**
 * Publications: read by the Research page, each paper's page and the home page (handed over with them),
 * imported and edited on the staff screen.
 */
export const publicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublications: build.query<Publication[], void>({
      query: () => apiPaths.publications,
      providesTags: [list],
    }),
    /** The papers staff chose for the home page, in short. */
    getSelectedPapers: build.query<SelectedPaper[], void>({
      query: () => apiPaths.selectedPapers,
      providesTags: [list],
    }),
    /** A paper with its citations, or null when no paper has the key: an answer the server renders (a 404 page) like any other. */
    getPaper: build.query<Paper | null, string>({
      query: (key) => ({ url: apiPaths.paper(key), validateStatus: (response) => response.ok || response.status === 404 }),
      transformResponse: (paper: Paper, meta) => (meta?.response?.status === 404 ? null : paper),
      providesTags: [list],
    }),
    previewImport: build.mutation<ImportPlan, BibtexImport>({
      query: (body) => ({ url: apiPaths.publicationImportPreview, method: 'POST', body }),
    }),
    importPublications: build.mutation<ImportPlan, BibtexImport>({
      query: (body) => ({ url: apiPaths.publicationImport, method: 'POST', body }),
      invalidatesTags: [list],
    }),
    updatePublication: build.mutation<Publication, PublicationUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.publication(id), method: 'PATCH', body }),
      invalidatesTags: [list],
    }),
    deletePublication: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.publication(id), method: 'DELETE' }),
      invalidatesTags: [list],
    }),
    reorderPublications: build.mutation<Publication[], PublicationOrder>({
      query: (body) => ({ url: apiPaths.publicationOrder, method: 'PUT', body }),
      invalidatesTags: [list],
    }),
  }),
});

export const {
  useGetPublicationsQuery,
  useGetPaperQuery,
  useGetSelectedPapersQuery,
  usePreviewImportMutation,
  useImportPublicationsMutation,
  useUpdatePublicationMutation,
  useDeletePublicationMutation,
  useReorderPublicationsMutation,
} = publicationsApi;
