import type { NoteInput, NoteList, NoteListQuery, NoteRevision, Preview, PublicNote, StaffNote, StaffNoteSummary } from '@/contract/notes';

import { apiPaths } from '../paths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const draftTags = listTags('NoteDraft');
/** Every public read of notes provides this one tag: any save may move a note in or out of every list. */
const published = [{ type: 'Note' as const, id: 'LIST' }];

/**
 * Notes: published ones for visitors (lists, one note), and for staff every note, its revisions and
 * a preview rendered by the server.
 */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<NoteList, NoteListQuery | void>({
      query: (args) => ({ url: apiPaths.notes, params: args ?? undefined }),
      providesTags: published,
    }),
    /** A published note, or null when there is none at the address: an answer the server renders (a 404 page) like any other. */
    getNote: build.query<PublicNote | null, string>({
      query: (slug) => ({ url: apiPaths.note(slug), validateStatus: (response) => response.ok || response.status === 404 }),
      transformResponse: (note: PublicNote, meta) => (meta?.response?.status === 404 ? null : note),
      providesTags: published,
    }),
    getStaffNotes: build.query<StaffNoteSummary[], void>({
      query: () => apiPaths.manageNotes,
      providesTags: draftTags.provide,
    }),
    getStaffNote: build.query<StaffNote, number>({
      query: (id) => apiPaths.manageNote(id),
      providesTags: (_r, _e, id) => [draftTags.item(id)],
    }),
    getNoteRevisions: build.query<NoteRevision[], number>({
      query: (id) => apiPaths.noteRevisions(id),
      providesTags: (_r, _e, id) => [{ type: 'NoteDraft', id: `revisions-${id}` }],
    }),
    previewNote: build.mutation<Preview, string>({
      query: (body) => ({ url: apiPaths.notePreview, method: 'POST', body: { body } }),
    }),
    createNote: build.mutation<StaffNote, NoteInput>({
      query: (body) => ({ url: apiPaths.manageNotes, method: 'POST', body }),
      invalidatesTags: [draftTags.list, ...published],
    }),
    updateNote: build.mutation<StaffNote, NoteInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.manageNote(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [draftTags.list, draftTags.item(id), { type: 'NoteDraft', id: `revisions-${id}` }, ...published],
    }),
    restoreNoteRevision: build.mutation<StaffNote, { id: number; revision: number; started_from: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.restoreNote(id), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [draftTags.list, draftTags.item(id), { type: 'NoteDraft', id: `revisions-${id}` }, ...published],
    }),
    deleteNote: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.manageNote(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [draftTags.list, draftTags.item(id), ...published],
    }),
  }),
});

export const {
  useGetNotesQuery,
  useGetNoteQuery,
  useGetStaffNotesQuery,
  useGetStaffNoteQuery,
  useGetNoteRevisionsQuery,
  usePreviewNoteMutation,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useRestoreNoteRevisionMutation,
  useDeleteNoteMutation,
} = notesApi;
