import type { Talk, TalkInput } from '@/contract/talks';

import { apiPaths } from '../paths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const talkTags = listTags('Talk');
/** A talk shows its related paper's title and its slides' link: a change of either refreshes the list. */
const linked = [
  { type: 'Publication', id: 'LIST' },
  { type: 'Document', id: 'LIST' },
] as const;

/** Talks: all of them on the Talks page (handed over with it) and on the staff screen. */
export const talksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTalks: build.query<Talk[], void>({
      query: () => apiPaths.talks,
      providesTags: (talks) => [...talkTags.provide(talks), ...linked],
    }),
    createTalk: build.mutation<Talk, TalkInput>({
      query: (body) => ({ url: apiPaths.talks, method: 'POST', body }),
      invalidatesTags: [talkTags.list],
    }),
    // The date decides the order: the whole list changes.
    updateTalk: build.mutation<Talk, TalkInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.talk(id), method: 'PATCH', body }),
      invalidatesTags: [talkTags.list],
    }),
    deleteTalk: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.talk(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [talkTags.item(id), talkTags.list],
    }),
  }),
});

export const { useGetTalksQuery, useCreateTalkMutation, useUpdateTalkMutation, useDeleteTalkMutation } = talksApi;
