import { type BaseQueryFn, type FetchArgs, fetchBaseQuery, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

import { paths } from '@/contract/paths';

import { browser } from '../navigation';
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

/** A read answered 503 (the server shedding load) is asked again this many times at most... */
const BUSY_RETRIES = 2;
/** ...each after the wait the server asks for (Retry-After), up to this long. */
const MAX_RETRY_AFTER_MS = 10_000;

/** How long the answer asks a read to wait before it is sent again, if it does: a 503 with Retry-After (seconds, or a date). */
function retryAfterMs(args: string | FetchArgs, result: Awaited<ReturnType<typeof rawBaseQuery>>): number | undefined {
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  const header = result.meta?.response?.headers.get('Retry-After');
  if (result.error?.status !== 503 || (method !== 'GET' && method !== 'HEAD') || !header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** Waits, unless the call is given up meanwhile. */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** One call; a read the server was too busy to answer is asked again when it says to, rather than shown as an error. */
const sendWaitingOutBusy: typeof rawBaseQuery = async (args, api, extraOptions) => {
  for (let retries = 0; ; retries += 1) {
    const result = await rawBaseQuery(args, api, extraOptions);
    const waitMs = retries < BUSY_RETRIES ? retryAfterMs(args, result) : undefined;
    if (waitMs === undefined) return result;
    await wait(waitMs, api.signal);
    if (api.signal.aborted) return result;
  }
};

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
 * send the browser to /signin, which then says the session ended. A read answered 503 with
 * Retry-After is sent again after the wait (twice at most, 10 s each at most).
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ReauthOptions, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const { serverQuery } = (api.extra ?? {}) as QueryExtra;
  if (serverQuery) return serverQuery(args, api, {});
  const tokenSent = tokenStorage.access();
  const result = await sendWaitingOutBusy(args, api, extraOptions ?? {});
  if (result.error?.status !== 401 || extraOptions?.skipReauth) return result;

  // A concurrent request may already have refreshed the token this one was sent with.
  const tokenNow = tokenStorage.access();
  const refreshedElsewhere = tokenNow !== null && tokenNow !== tokenSent;
  if (refreshedElsewhere || (await refreshAccessToken())) {
    return sendWaitingOutBusy(args, api, extraOptions ?? {});
  }
  tokenStorage.clear();
  api.dispatch(signedOut());
  browser.assign(paths.sessionEnded);
  return result;
};
