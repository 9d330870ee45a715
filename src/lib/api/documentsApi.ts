import type { Document, DocumentCategory } from '@/contract';
import type { CategoryCreate, DocumentUpdate, DownloadStats } from '@/contract/media';

import { apiPaths } from '../paths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const documentTags = listTags('Document');
const categoryTags = listTags('Category');
/** The CV page's download follows the current document of the CV category. */
const currentCv = { type: 'CurrentCv' } as const;

interface MarkCurrentArgs {
  id: number;
  category: number;
}

/** Staff management of downloadable documents and their categories. */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocuments: build.query<Document[], void>({
      query: () => apiPaths.documents,
      providesTags: documentTags.provide,
    }),
    /** Downloads per week of the documents visitors downloaded lately. */
    getDownloadStats: build.query<DownloadStats, void>({
      query: () => apiPaths.downloadStats,
    }),
    getCategories: build.query<DocumentCategory[], void>({
      query: () => apiPaths.categories,
      providesTags: categoryTags.provide,
    }),
    /** Form data: file, name, description, category, is_current. */
    uploadDocument: build.mutation<Document, FormData>({
      query: (body) => ({ url: apiPaths.documents, method: 'POST', body }),
      // A new current document unmarks the category's previous one and may be the new CV.
      invalidatesTags: (_result, _error, body) => (body.get('is_current') === 'true' ? [documentTags.list, currentCv] : [documentTags.list]),
    }),
    createCategory: build.mutation<DocumentCategory, CategoryCreate>({
      query: (body) => ({ url: apiPaths.categories, method: 'POST', body }),
      invalidatesTags: [categoryTags.list],
    }),
    markCurrent: build.mutation<Document, MarkCurrentArgs>({
      query: ({ id, category }) => ({ url: apiPaths.document(id), method: 'PATCH', body: { is_current: true, category } satisfies DocumentUpdate }),
      // Other documents of the category lose their current mark, so the whole list changes.
      invalidatesTags: [documentTags.list, currentCv],
    }),
    deleteDocument: build.mutation<void, Pick<Document, 'id' | 'is_current'>>({
      query: ({ id }) => ({ url: apiPaths.document(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { id, is_current }) =>
        is_current ? [documentTags.item(id), documentTags.list, currentCv] : [documentTags.item(id), documentTags.list],
    }),
  }),
});

export const {
  useGetDocumentsQuery,
  useGetCategoriesQuery,
  useGetDownloadStatsQuery,
  useUploadDocumentMutation,
  useCreateCategoryMutation,
  useMarkCurrentMutation,
  useDeleteDocumentMutation,
} = documentsApi;
