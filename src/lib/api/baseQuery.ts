import { type BaseQueryFn, type FetchArgs, fetchBaseQuery, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

import { browser } from '../navigation';
import { paths } from '../paths';
import { signedOut } from '../session/sessionSlice';
import { readCookie, tokenStorage } from '../tokens';
import { refreshAccessToken } from './refresh';

/** Every call: Accept JSON, cookies sent, CSRF header from cookie, bearer token when stored. */
export const rawBaseQuery = fetchBaseQuery({
  // Absolute, for fetch outside a page (tests).
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  credentials: 'include',
  prepareHeaders(headers) {
    headers.set('Accept', 'application/json');
    const access = tokenStorage.access();
    if (access) headers.set('Authorization', `Bearer ${access}`);
    const csrf = readCookie('csrftoken');
    if (csrf) headers.set('X-CSRFToken', csrf);
    return headers;
  },
});

type ServerQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/**
 * The store's thunk argument. The server's store, rendering a page, reaches the API in-process through
 * `serverQuery`; its calls are anonymous, so it never refreshes a session.
 */
export interface QueryExtra {
  serverQuery?: ServerQuery;
}

export interface ReauthOptions {
  /** Calls whose 401 means "wrong credentials" (login, token login) answer the caller directly. */
  skipReauth?: boolean;
}

/**
 * Per-request token refresh: on a 401, refresh once (shared by concurrent
 * requests) and retry the request once; when refreshing is impossible, sign out and
 * send the browser to /signin, which then says the session ended.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ReauthOptions, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const { serverQuery } = (api.extra ?? {}) as QueryExtra;
  if (serverQuery) return serverQuery(args, api, {});
  const tokenSent = tokenStorage.access();
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (result.error?.status !== 401 || extraOptions?.skipReauth) return result;

  // A concurrent request may already have refreshed the token this one was sent with.
  const tokenNow = tokenStorage.access();
  const refreshedElsewhere = tokenNow !== null && tokenNow !== tokenSent;
  if (refreshedElsewhere || (await refreshAccessToken())) {
    return rawBaseQuery(args, api, extraOptions ?? {});
  }
  tokenStorage.clear();
  api.dispatch(signedOut());
  browser.assign(paths.sessionEnded);
  return result;
};
