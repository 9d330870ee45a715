import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import type { Detail, LoginResponse } from '@/contract';
import type { ForgotPasswordRequest, LoginRequest, RegisterRequest, ResetPasswordParams, ResetPasswordRequest } from '@/contract/accounts';
import type { AuthenticationOptions, PasskeySignIn } from '@/contract/passkeys';
import { apiPaths } from '@/contract/paths';
import { api } from '@/lib/api/apiSlice';
import { noReauthPost } from '@/lib/api/noReauthPost';
import { readCookie } from '@/lib/tokens';

/** The reset call's body plus the two parts of the emailed link. */
export type ResetPasswordArgs = ResetPasswordRequest & ResetPasswordParams;

/** A failed token login, with the status line its alert quotes. */
export type TokenLoginError = FetchBaseQueryError & { statusText?: string };

function withStatusText(error: FetchBaseQueryError, meta: unknown): TokenLoginError {
  return { ...error, statusText: (meta as FetchBaseQueryMeta | undefined)?.response?.statusText };
}

// A 401 from these calls means "wrong credentials or link", not "session expired": no refresh-and-retry.
const credentialCall = { skipReauth: true } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: noReauthPost<LoginResponse, LoginRequest>(build, apiPaths.login),
    /** A new challenge each time: the options are used once and never cached. */
    passkeySignInOptions: build.mutation<AuthenticationOptions, void>({
      query: () => ({ url: apiPaths.passkeySignInOptions, method: 'POST' }),
      extraOptions: credentialCall,
    }),
    passkeySignIn: noReauthPost<LoginResponse, PasskeySignIn>(build, apiPaths.passkeySignIn),
    register: noReauthPost<Detail, RegisterRequest>(build, apiPaths.register),
    forgotPassword: noReauthPost<Detail, ForgotPasswordRequest>(build, apiPaths.forgotPassword),
    resetPassword: build.mutation<Detail, ResetPasswordArgs>({
      query: ({ uidb64, token, ...body }) => ({ url: apiPaths.resetPasswordConfirm(uidb64, token), method: 'POST', body }),
      extraOptions: credentialCall,
    }),
    /**
     * JSON {token} with the CSRF header; only a 200 counts as success. The base query
     * copies the csrftoken cookie into X-CSRFToken, so the cookie is fetched first when missing.
     */
    loginWithToken: build.mutation<LoginResponse, string>({
      async queryFn(token, _queryApi, _extraOptions, baseQuery) {
        if (!readCookie('csrftoken')) {
          const csrf = await baseQuery({ url: apiPaths.csrf });
          if (csrf.error) return { error: withStatusText(csrf.error, csrf.meta) };
        }
        const result = await baseQuery({
          url: apiPaths.loginWithToken,
          method: 'POST',
          body: { token },
          validateStatus: (response) => response.status === 200,
        });
        if (result.error) return { error: withStatusText(result.error, result.meta) };
        return { data: result.data as LoginResponse };
      },
      extraOptions: credentialCall,
    }),
  }),
});

export const {
  useLoginMutation,
  usePasskeySignInOptionsMutation,
  usePasskeySignInMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLoginWithTokenMutation,
} = authApi;
