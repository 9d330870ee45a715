import type { TeachingCourse, TeachingInput } from '@/contract/teaching';

import { apiPaths } from '../paths';
import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';
import { listTags } from './listTags';

const teachingTags = listTags('Teaching');

/** Staff edits of courses taught: injected by the staff screen that imports it, so a visitor's first load does not carry it. */
export const teachingManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTeachingCourse: build.mutation<TeachingCourse, TeachingInput>({
      query: (body) => ({ url: apiPaths.teaching, method: 'POST', body }),
      invalidatesTags: [teachingTags.list],
    }),
    // The start date decides the order: the whole list changes.
    updateTeachingCourse: build.mutation<TeachingCourse, TeachingInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: staffApiPaths.teachingCourse(id), method: 'PATCH', body }),
      invalidatesTags: [teachingTags.list],
    }),
    deleteTeachingCourse: build.mutation<void, number>({
      query: (id) => ({ url: staffApiPaths.teachingCourse(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [teachingTags.item(id), teachingTags.list],
    }),
  }),
});

export const { useCreateTeachingCourseMutation, useUpdateTeachingCourseMutation, useDeleteTeachingCourseMutation } = teachingManageApi;
