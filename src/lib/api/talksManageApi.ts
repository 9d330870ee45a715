import type { Talk, TalkInput } from '@/contract/talks';

import { apiPaths } from '../paths';
import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const talkTags = listTags('Talk');

/** Staff edits of talks: injected by the staff screen that imports it, so a visitor's first load does not carry it. */
export const talksManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTalk: build.mutation<Talk, TalkInput>({
      query: (body) => ({ url: apiPaths.talks, method: 'POST', body }),
      invalidatesTags: [talkTags.list],
    }),
    // The date decides the order: the whole list changes.
    updateTalk: build.mutation<Talk, TalkInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.talk(id), method: 'PATCH', body }),
      invalidatesTags: [talkTags.list],
    }),
    deleteTalk: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.talk(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [talkTags.item(id), talkTags.list],
    }),
  }),
});

export const { useCreateTalkMutation, useUpdateTalkMutation, useDeleteTalkMutation } = talksManageApi;
