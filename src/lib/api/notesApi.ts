import type { NoteList, NoteListQuery, PublicNote } from '@/contract/notes';
import { apiPaths } from '@/contract/paths';

import { api } from './apiSlice';

/** Every public read of notes provides this one tag: any save may move a note in or out of every list. */
export const publishedNotes = [{ type: 'Note' as const, id: 'LIST' }];

/** Published notes, for visitors: lists and one note (staff calls are in notesManageApi.ts). */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotes: build.query<NoteList, NoteListQuery | void>({
      query: (args) => ({ url: apiPaths.notes, params: args ?? undefined }),
      providesTags: publishedNotes,
    }),
    /** A published note, or null when there is none at the address: an answer the server renders (a 404 page) like any other. */
    getNote: build.query<PublicNote | null, string>({
      query: (slug) => ({ url: apiPaths.note(slug), validateStatus: (response) => response.ok || response.status === 404 }),
      transformResponse: (note: PublicNote, meta) => (meta?.response?.status === 404 ? null : note),
      providesTags: publishedNotes,
    }),
  }),
});

export const { useGetNotesQuery, useGetNoteQuery } = notesApi;
