import type { TeachingCourse, TeachingInput } from '@/contract/teaching';

import { apiPaths } from '../paths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const teachingTags = listTags('Teaching');
/** Materials show their documents' names, and a deleted document leaves its courses: a change of documents refreshes the list. */
const documents = { type: 'Document', id: 'LIST' } as const;

/** Courses taught: all of them on the Teaching page (handed over with it) and on the staff screen. */
export const teachingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeaching: build.query<TeachingCourse[], void>({
      query: () => apiPaths.teaching,
      providesTags: (courses) => [...teachingTags.provide(courses), documents],
    }),
    createTeachingCourse: build.mutation<TeachingCourse, TeachingInput>({
      query: (body) => ({ url: apiPaths.teaching, method: 'POST', body }),
      invalidatesTags: [teachingTags.list],
    }),
    // The start date decides the order: the whole list changes.
    updateTeachingCourse: build.mutation<TeachingCourse, TeachingInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.teachingCourse(id), method: 'PATCH', body }),
      invalidatesTags: [teachingTags.list],
    }),
    deleteTeachingCourse: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.teachingCourse(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [teachingTags.item(id), teachingTags.list],
    }),
  }),
});

export const { useGetTeachingQuery, useCreateTeachingCourseMutation, useUpdateTeachingCourseMutation, useDeleteTeachingCourseMutation } = teachingApi;
