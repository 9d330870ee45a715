import { apiPaths } from '@/contract/paths';
import type { Talk } from '@/contract/talks';

import { api } from './apiSlice';
import { listTags } from './listTags';

const talkTags = listTags('Talk');
/** A talk shows its related paper's title and its slides' link: a change of either refreshes the list. */
const linked = [
  { type: 'Publication', id: 'LIST' },
  { type: 'Document', id: 'LIST' },
] as const;

/** Talks: all of them on the Talks page (handed over with it) and on the staff screen (its edits are in talksManageApi.ts). */
export const talksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTalks: build.query<Talk[], void>({
      query: () => apiPaths.talks,
      providesTags: (talks) => [...talkTags.provide(talks), ...linked],
    }),
  }),
});

export const { useGetTalksQuery } = talksApi;
