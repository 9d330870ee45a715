import type { Document, DocumentCategory } from '@/contract';
import type { CategoryCreate, CategoryDeleteQuery, CategoryUpdate, DocumentUpdate, DownloadStats } from '@/contract/media';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { listQuery } from './collectionManageApi';
import { listTags } from './listTags';

const documentTags = listTags('Document');
const categoryTags = listTags('Category');
/** The CV page's download follows the current document of the CV category. */
const currentCv = { type: 'CurrentCv' } as const;

interface MarkCurrentArgs {
  id: number;
  category: number;
}

/** The edit form's fields as form data: name, description, category, is_current and, when replaced, file. */
interface UpdateDocumentArgs {
  id: number;
  body: FormData;
}

/** A category holding documents is deleted with `move_to`, the category they move to. */
type DeleteCategoryArgs = { id: number } & CategoryDeleteQuery;

/** Staff management of downloadable documents and their categories. */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDocuments: listQuery<Document>(build, 'Document', staffApiPaths.documents),
    /** Downloads per week of the documents visitors downloaded lately. */
    getDownloadStats: build.query<DownloadStats, void>({
      query: () => staffApiPaths.downloadStats,
    }),
    getCategories: listQuery<DocumentCategory>(build, 'Category', staffApiPaths.categories),
    /** Form data: file, name, description, category, is_current. */
    uploadDocument: build.mutation<Document, FormData>({
      query: (body) => ({ url: staffApiPaths.documents, method: 'POST', body }),
      // A new current document unmarks the category's previous one and may be the new CV; the
      // category counts one more document.
      invalidatesTags: (_result, _error, body) =>
        body.get('is_current') === 'true' ? [documentTags.list, categoryTags.list, currentCv] : [documentTags.list, categoryTags.list],
    }),
    createCategory: build.mutation<DocumentCategory, CategoryCreate>({
      query: (body) => ({ url: staffApiPaths.categories, method: 'POST', body }),
      invalidatesTags: [categoryTags.list],
    }),
    /** Documents show their category's name, and the name `CV` decides which category gives the CV. */
    updateCategory: build.mutation<DocumentCategory, { id: number } & Required<CategoryUpdate>>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.category(id), method: 'PATCH', body }),
      invalidatesTags: [categoryTags.list, documentTags.list, currentCv],
    }),
    deleteCategory: build.mutation<void, DeleteCategoryArgs>({
      query: ({ id, move_to }) => ({ url: staffApiPaths.category(id), method: 'DELETE', params: move_to === undefined ? undefined : { move_to } }),
      // Moved documents change category, and a moved current document may stop being the CV.
      invalidatesTags: (_result, _error, { move_to }) => (move_to === undefined ? [categoryTags.list] : [categoryTags.list, documentTags.list, currentCv]),
    }),
    markCurrent: build.mutation<Document, MarkCurrentArgs>({
      query: ({ id, category }) => ({ url: staffApiPaths.document(id), method: 'PATCH', body: { is_current: true, category } satisfies DocumentUpdate }),
      // Other documents of the category lose their current mark, so the whole list changes.
      invalidatesTags: [documentTags.list, currentCv],
    }),
    unmarkCurrent: build.mutation<Document, Pick<Document, 'id'>>({
      query: ({ id }) => ({ url: staffApiPaths.document(id), method: 'PATCH', body: { is_current: false } satisfies DocumentUpdate }),
      invalidatesTags: (_result, _error, { id }) => [documentTags.item(id), currentCv],
    }),
    /** Any edit may move the current mark, the category counts, or the file the CV page offers. */
    updateDocument: build.mutation<Document, UpdateDocumentArgs>({
      query: ({ id, body }) => ({ url: staffApiPaths.document(id), method: 'PATCH', body }),
      invalidatesTags: [documentTags.list, categoryTags.list, currentCv],
    }),
    deleteDocument: build.mutation<void, Pick<Document, 'id' | 'is_current'>>({
      query: ({ id }) => ({ url: staffApiPaths.document(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { id, is_current }) =>
        is_current ? [documentTags.item(id), documentTags.list, categoryTags.list, currentCv] : [documentTags.item(id), documentTags.list, categoryTags.list],
    }),
  }),
});

export const {
  useGetDocumentsQuery,
  useGetCategoriesQuery,
  useGetDownloadStatsQuery,
  useUploadDocumentMutation,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useMarkCurrentMutation,
  useUnmarkCurrentMutation,
  useUpdateDocumentMutation,
  useDeleteDocumentMutation,
} = documentsApi;
