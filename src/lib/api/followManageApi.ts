import type { FollowStatus } from '@/contract/follow';

import { staffApiPaths } from '../staffApiPaths';
import { api } from './apiSlice';

/** What staff see of the followers: injected by the staff screen that imports it, so visitors' chunks do not carry it. */
export const followManageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFollowStatus: build.query<FollowStatus, void>({
      query: () => staffApiPaths.followStatus,
    }),
  }),
});

export const { useGetFollowStatusQuery } = followManageApi;
