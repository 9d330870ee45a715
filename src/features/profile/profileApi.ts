import type { Detail, User } from '@/contract';
import type { ChangePasswordRequest, DeleteAccountRequest, ProfileUpdate, Session } from '@/contract/accounts';
import { apiPaths } from '@/contract/paths';
import { api } from '@/lib/api/apiSlice';
import { listQuery } from '@/lib/api/collectionManageApi';
import { listTags } from '@/lib/api/listTags';
import { onSaved } from '@/lib/api/onSaved';
import { profileUpdated } from '@/lib/session/sessionSlice';

const sessionTags = listTags('Sessions');

/** The signed-in user's own account: details, password, sessions, deletion. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<User, void>({
      query: () => apiPaths.profile,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<User, ProfileUpdate>({
      query: (body) => ({ url: apiPaths.profile, method: 'PATCH', body }),
      // The answer is the saved profile: it replaces the cached one and the session's user (top bar name).
      onQueryStarted: (_changes, { dispatch, queryFulfilled }) =>
        onSaved(queryFulfilled, (data) => {
          dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
          dispatch(profileUpdated(data));
        }),
    }),
    changePassword: build.mutation<Detail, ChangePasswordRequest>({
      query: (body) => ({ url: apiPaths.changePassword, method: 'POST', body }),
      // The server ends the other sessions when the password changes.
      invalidatesTags: [sessionTags.list],
    }),
    getSessions: listQuery<Session>(build, 'Sessions', apiPaths.sessions),
    revokeSession: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.session(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [sessionTags.item(id), sessionTags.list],
    }),
    // This browser's session ends too: the page signs out and the whole cache is reset, so nothing is refetched.
    revokeAllSessions: build.mutation<Detail, void>({
      query: () => ({ url: apiPaths.revokeAllSessions, method: 'POST' }),
    }),
    deleteAccount: build.mutation<void, DeleteAccountRequest>({
      query: (body) => ({ url: apiPaths.profile, method: 'DELETE', body }),
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useRevokeAllSessionsMutation,
  useDeleteAccountMutation,
} = profileApi;
