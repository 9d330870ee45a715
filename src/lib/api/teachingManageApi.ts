import { apiPaths } from '@/contract/paths';
import type { TeachingCourse, TeachingInput } from '@/contract/teaching';

import { staffApiPaths } from '../staffApiPaths';
import { collectionManageApi } from './collectionManageApi';

/** Staff edits of courses taught (see collectionManageApi). */
export const teachingManageApi = collectionManageApi<TeachingCourse, TeachingInput, 'TeachingCourse'>('TeachingCourse', 'Teaching', {
  list: apiPaths.teaching,
  item: staffApiPaths.teachingCourse,
});

export const { useCreateTeachingCourseMutation, useUpdateTeachingCourseMutation, useDeleteTeachingCourseMutation } = teachingManageApi;
