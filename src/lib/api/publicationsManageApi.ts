import type { BibtexImport, ImportPlan, ListedPublication, PublicationOrder, PublicationUpdate } from '@/contract/publications';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';

const list = { type: 'Publication', id: 'LIST' } as const;

/** Staff imports and edits of publications: injected by the staff screen that imports it, so a visitor's first load does not carry it. */
export const publicationsManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewImport: build.mutation<ImportPlan, BibtexImport>({
      query: (body) => ({ url: staffApiPaths.publicationImportPreview, method: 'POST', body }),
    }),
    importPublications: build.mutation<ImportPlan, BibtexImport>({
      query: (body) => ({ url: staffApiPaths.publicationImport, method: 'POST', body }),
      invalidatesTags: [list],
    }),
    updatePublication: build.mutation<ListedPublication, PublicationUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.publication(id), method: 'PATCH', body }),
      invalidatesTags: [list],
    }),
    deletePublication: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.publication(id), method: 'DELETE' }),
      invalidatesTags: [list],
    }),
    reorderPublications: build.mutation<ListedPublication[], PublicationOrder>({
      query: (body) => ({ url: staffApiPaths.publicationOrder, method: 'PUT', body }),
      invalidatesTags: [list],
    }),
  }),
});

export const {
  usePreviewImportMutation,
  useImportPublicationsMutation,
  useUpdatePublicationMutation,
  useDeletePublicationMutation,
  useReorderPublicationsMutation,
} = publicationsManageApi;
