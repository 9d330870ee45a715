import type { Passkey, PasskeyCreate, PasskeyUpdate, RecoveryCodes, RecoveryCodesStatus, RegistrationOptions } from '@/contract/passkeys';
import { apiPaths } from '@/contract/paths';
import { api } from '@/lib/api/apiSlice';
import { listQuery } from '@/lib/api/collectionManageApi';
import { listTags } from '@/lib/api/listTags';

const passkeyTags = listTags('Passkey');

/** The signed-in user's passkeys and recovery codes. */
export const passkeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: listQuery<Passkey>(build, 'Passkey', apiPaths.passkeys),
    /** A new challenge each time: the options are used once, at once, and never cached. */
    passkeyRegistrationOptions: build.mutation<RegistrationOptions, void>({
      query: () => ({ url: apiPaths.passkeyRegistration, method: 'POST' }),
    }),
    addPasskey: build.mutation<Passkey, PasskeyCreate>({
      query: (body) => ({ url: apiPaths.passkeys, method: 'POST', body }),
      invalidatesTags: [passkeyTags.list],
    }),
    renamePasskey: build.mutation<Passkey, PasskeyUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: apiPaths.passkey(id), method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [passkeyTags.item(id)],
    }),
    removePasskey: build.mutation<void, number>({
      query: (id) => ({ url: apiPaths.passkey(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [passkeyTags.item(id), passkeyTags.list],
    }),
    getRecoveryCodesStatus: build.query<RecoveryCodesStatus, void>({
      query: () => apiPaths.recoveryCodes,
      providesTags: ['RecoveryCodes'],
    }),
    createRecoveryCodes: build.mutation<RecoveryCodes, void>({
      query: () => ({ url: apiPaths.recoveryCodes, method: 'POST' }),
      invalidatesTags: ['RecoveryCodes'],
    }),
  }),
});

export const {
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
  useGetRecoveryCodesStatusQuery,
  useCreateRecoveryCodesMutation,
} = passkeysApi;
