import type { ApiBuilder, TagType } from './apiSlice';

/**
 * A POST of `body` whose 401 means "wrong credentials or link", not "session expired": it answers the
 * caller without the refresh-and-retry (sign-in, registration, reset, the emailed links).
 */
export function noReauthPost<Result, Body>(build: ApiBuilder, url: string, invalidatesTags: TagType[] = []) {
  return build.mutation<Result, Body>({
    query: (body) => ({ url, method: 'POST', body }),
    extraOptions: { skipReauth: true },
    invalidatesTags,
  });
}
