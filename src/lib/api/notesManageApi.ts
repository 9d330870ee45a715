import type { NotebookPreview } from '@/contract/notebooks';
import type { NoteAutosave, NoteInput, NoteRevision, Preview, StaffNote, StaffNoteSummary } from '@/contract/notes';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { listQuery } from './collectionManageApi';
import { listTags } from './listTags';
import { publishedNotes } from './notesApi';

const draftTags = listTags('NoteDraft');
const revisionsTag = (id: number) => ({ type: 'NoteDraft' as const, id: `revisions-${id}` });

/**
 * Notes for staff: every note, its revisions and a preview rendered by the server. Injected by the
 * staff screens that import it, so a visitor's first load does not carry it.
 */
export const notesManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffNotes: listQuery<StaffNoteSummary>(build, 'NoteDraft', staffApiPaths.manageNotes),
    getStaffNote: build.query<StaffNote, number>({
      query: (id) => staffApiPaths.manageNote(id),
      providesTags: (_r, _e, id) => [draftTags.item(id)],
    }),
    getNoteRevisions: build.query<NoteRevision[], number>({
      query: (id) => staffApiPaths.noteRevisions(id),
      providesTags: (_r, _e, id) => [revisionsTag(id)],
    }),
    previewNote: build.mutation<Preview, string>({
      query: (body) => ({ url: staffApiPaths.notePreview, method: 'POST', body: { body } }),
    }),
    createNote: build.mutation<StaffNote, NoteInput>({
      query: (body) => ({ url: staffApiPaths.manageNotes, method: 'POST', body }),
      invalidatesTags: [draftTags.list, ...publishedNotes],
    }),
    updateNote: build.mutation<StaffNote, NoteInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.manageNote(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [draftTags.list, draftTags.item(id), revisionsTag(id), ...publishedNotes],
    }),
    restoreNoteRevision: build.mutation<StaffNote, { id: number; revision: number; started_from: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.restoreNote(id), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [draftTags.list, draftTags.item(id), revisionsTag(id), ...publishedNotes],
    }),
    /** A notebook (the form's `file`, `hide_code`) rendered as its note would be; nothing is saved. */
    previewNotebook: build.mutation<NotebookPreview, FormData>({
      query: (body) => ({ url: staffApiPaths.notebookPreview, method: 'POST', body }),
    }),
    /** A new draft from a notebook (the form's `file`, `title`, `hide_code`, `alt`). */
    createNoteFromNotebook: build.mutation<StaffNote, FormData>({
      query: (body) => ({ url: staffApiPaths.notebookNote, method: 'POST', body }),
      invalidatesTags: [draftTags.list],
    }),
    /** A saved note's body made again from a notebook (the form's `file`, `hide_code`, `alt`, `revision`). */
    replaceNoteFromNotebook: build.mutation<StaffNote, { id: number; form: FormData }>({
      query: ({ id, form }) => ({ url: staffApiPaths.notebookReplace(id), method: 'PUT', body: form }),
      invalidatesTags: (_r, _e, { id }) => [draftTags.list, draftTags.item(id), revisionsTag(id), ...publishedNotes],
    }),
    /** The signed-in staff member's copy of their unsaved changes (null: none), asked afresh each time an editor opens. */
    getNoteAutosave: build.query<NoteAutosave | null, number | 'new'>({
      query: (id) => staffApiPaths.noteAutosave(id),
      keepUnusedDataFor: 0,
    }),
    /** Keeps the editor's unsaved changes as that copy: the note itself does not change. */
    keepNoteAutosave: build.mutation<{ saved_at: string }, { id: number | 'new'; input: NoteInput }>({
      query: ({ id, input }) => ({ url: staffApiPaths.noteAutosave(id), method: 'PUT', body: input }),
    }),
    dropNoteAutosave: build.mutation<void, number | 'new'>({
      query: (id) => ({ url: staffApiPaths.noteAutosave(id), method: 'DELETE' }),
    }),
    deleteNote: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.manageNote(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [draftTags.list, draftTags.item(id), ...publishedNotes],
    }),
  }),
});

export const {
  useGetStaffNotesQuery,
  useGetStaffNoteQuery,
  useGetNoteRevisionsQuery,
  usePreviewNoteMutation,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useRestoreNoteRevisionMutation,
  useDeleteNoteMutation,
  usePreviewNotebookMutation,
  useCreateNoteFromNotebookMutation,
  useReplaceNoteFromNotebookMutation,
  useGetNoteAutosaveQuery,
  useKeepNoteAutosaveMutation,
  useDropNoteAutosaveMutation,
} = notesManageApi;
