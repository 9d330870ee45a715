import { createAsyncThunk } from '@reduxjs/toolkit';

import type { User } from '@/contract';
import { apiPaths } from '@/contract/paths';

import { api } from '../api/apiSlice';
import { refreshAccessToken } from '../api/refresh';
import { sessionRequest } from '../api/sessionRequest';
import { siteContentApi } from '../api/siteContentApi';
import { tokenStorage } from '../tokens';
import { isAccessTokenValid } from './jwt';
import { fetchProfile } from './profileRequest';
import { type SessionState, signedIn, signedOut } from './sessionSlice';
import { markSignedInHere } from './signedInHere';

const selectSiteContent = siteContentApi.endpoints.getSiteContent.select();

/**
 * Signed out: everything fetched for the user is dropped, except the site's words, which are the
 * same for everyone and which every screen needs, so that the page does not go blank meanwhile.
 */
export const endSession = createAsyncThunk('session/end', (_arg: undefined, { dispatch, getState }) => {
  const { data: content } = selectSiteContent(getState() as Parameters<typeof selectSiteContent>[0]);
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
  if (content) dispatch(siteContentApi.util.upsertQueryEntries([{ endpointName: 'getSiteContent', arg: undefined, value: content }]));
});

/** Logout: clear the user and both tokens; the server is told to revoke the refresh token. */
export const logout = createAsyncThunk('session/logout', async (_arg: undefined, { dispatch }) => {
  const refresh = tokenStorage.refresh();
  const access = tokenStorage.access();
  tokenStorage.clear();
  await dispatch(endSession());
  if (refresh) {
    // Best effort: a failed revocation must not keep anyone signed in locally.
    await sessionRequest(apiPaths.logout, { body: { refresh }, token: access }).catch((error: unknown) => console.warn('Logout request failed', error));
  }
});

async function signInWithStoredToken(dispatch: (action: unknown) => unknown): Promise<void> {
  try {
    dispatch(signedIn(await fetchProfile()));
  } catch {
    await dispatch(logout());
  }
}

/** The startup transitions of the session, every branch ending signed in or signed out. */
export const restoreSession = createAsyncThunk(
  'session/restore',
  async (_arg: undefined, { dispatch }) => {
    const access = tokenStorage.access();
    if (!access) {
      dispatch(signedOut());
      return;
    }
    let valid: boolean;
    try {
      valid = isAccessTokenValid(access);
    } catch (error) {
      console.warn('Stored access token could not be decoded', error);
      await dispatch(logout());
      return;
    }
    if (!valid && !(await refreshAccessToken())) {
      await dispatch(logout());
      return;
    }
    await signInWithStoredToken(dispatch);
  },
  {
    // Runs once per page load; a store created already signed in or out (tests, hot reload) keeps its state.
    condition: (_arg, { getState }) => (getState() as { session: SessionState }).session.status === 'loading',
  },
);

/** Login: store the tokens, then use the supplied user or fetch the profile. */
export const login = createAsyncThunk(
  'session/login',
  async ({ access, refresh, user }: { access: string; refresh?: string; user?: User | null }, { dispatch }) => {
    tokenStorage.store(access, refresh);
    markSignedInHere();
    if (user) {
      dispatch(signedIn(user));
      return;
    }
    await signInWithStoredToken(dispatch);
  },
);
