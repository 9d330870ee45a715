import type { BibtexImport, ImportPlan, Publication, PublicationOrder, PublicationUpdate } from '@/contract/publications';

import { apiPaths } from '../paths';
import { api } from './apiSlice';

const list = { type: 'Publication', id: 'LIST' } as const;

/** Publications: read by the Research page (handed over with it), imported and edited on the staff screen. */
export const publicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublications: build.query<Publication[], void>({
      query: () => apiPaths.publications,
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
  usePreviewImportMutation,
  useImportPublicationsMutation,
  useUpdatePublicationMutation,
  useDeletePublicationMutation,
  useReorderPublicationsMutation,
} = publicationsApi;
