import { apiPaths } from '@/contract/paths';
import type { TeachingCourse } from '@/contract/teaching';

import { api } from './apiSlice';
import { listTags } from './listTags';

const teachingTags = listTags('Teaching');
/** Materials show their documents' names, and a deleted document leaves its courses: a change of documents refreshes the list. */
const documents = { type: 'Document', id: 'LIST' } as const;

/** Courses taught: all of them on the Teaching page (handed over with it) and on the staff screen (its edits are in teachingManageApi.ts). */
export const teachingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeaching: build.query<TeachingCourse[], void>({
      query: () => apiPaths.teaching,
      providesTags: (courses) => [...teachingTags.provide(courses), documents],
    }),
  }),
});

export const { useGetTeachingQuery } = teachingApi;
