import type { Detail } from '@/contract';
import type { ConfirmEmailRequest, FollowChoices, FollowChoicesInput, FollowConfirmRequest, FollowRequest, Unsubscribed } from '@/contract/follow';
import { apiPaths, paths } from '@/contract/paths';

import { api } from './apiSlice';
import { noReauthPost } from './noReauthPost';
import { onSaved } from './onSaved';

// Emailed links work for whoever opens them: a 401 is not a session to renew.
const linkCall = { skipReauth: true } as const;

/**
 * Following the research by email: the address-alone form, the emailed links (confirm, unsubscribe,
 * confirm an account's address) and an account's choices (what staff see is in followManageApi.ts).
 */
export const followApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestFollow: noReauthPost<Detail, FollowRequest>(build, apiPaths.follow),
    confirmFollow: noReauthPost<Detail, FollowConfirmRequest>(build, apiPaths.followConfirm),
    // The same address as the one-click POST mail providers send (RFC 8058).
    unsubscribe: build.mutation<Unsubscribed, string>({
      query: (token) => ({ url: paths.unsubscribe(token), method: 'POST', body: {} }),
      extraOptions: linkCall,
    }),
    confirmEmail: noReauthPost<Detail, ConfirmEmailRequest>(build, apiPaths.confirmEmail, ['FollowChoices']),
    resendConfirmation: build.mutation<Detail, void>({
      query: () => ({ url: apiPaths.resendConfirmation, method: 'POST' }),
    }),
    getFollowChoices: build.query<FollowChoices, void>({
      query: () => apiPaths.followChoices,
      providesTags: ['FollowChoices'],
    }),
    saveFollowChoices: build.mutation<FollowChoices, FollowChoicesInput>({
      query: (body) => ({ url: apiPaths.followChoices, method: 'PUT', body }),
      // The answer is what is saved now.
      onQueryStarted: (_choices, { dispatch, queryFulfilled }) =>
        onSaved(queryFulfilled, (data) => dispatch(followApi.util.upsertQueryData('getFollowChoices', undefined, data))),
    }),
  }),
});

export const {
  useRequestFollowMutation,
  useConfirmFollowMutation,
  useUnsubscribeMutation,
  useConfirmEmailMutation,
  useResendConfirmationMutation,
  useGetFollowChoicesQuery,
  useSaveFollowChoicesMutation,
} = followApi;
