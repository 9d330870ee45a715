/* eslint-disable simple-import-sort/imports -- the fake extension must be in place before Redux Toolkit loads. */
// First: Redux Toolkit looks for the DevTools extension when it is loaded.
import { recordDevTools } from './fakeDevTools';
import type { Action } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { REDACTED } from '@/app/devTools';
import { makeStore } from '@/app/store';
import { authApi } from '@/features/auth/authApi';
import { login } from '@/lib/session/sessionThunks';
import { server, url } from '../msw';
import { aUser } from '../render';

const SECRETS = ['Correct-horse-battery-9', 'access.jwt.value', 'refresh.jwt.value', 'app-token-from-the-wrapper'];

async function signInAndUseAppToken() {
  server.use(
    http.post(url('/api/users/login/'), () => HttpResponse.json({ access: 'access.jwt.value', refresh: 'refresh.jwt.value', user: aUser() })),
    http.get(url('/api/csrf/'), () => HttpResponse.json({ detail: 'ok' })),
    http.post(url('/login-with-token/'), () => HttpResponse.json({ access: 'access.jwt.value', refresh: 'refresh.jwt.value', user: aUser() })),
  );
  const store = makeStore({ session: { status: 'signedOut', user: null } });
  const session = await store.dispatch(authApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'Correct-horse-battery-9' })).unwrap();
  await store.dispatch(login(session));
  await store.dispatch(authApi.endpoints.loginWithToken.initiate('app-token-from-the-wrapper'));
  return store;
}

describe('Redux DevTools', () => {
  it('never shows a password, an access or refresh token, or an app token, in actions or state', async () => {
    const shown = recordDevTools();
    const store = await signInAndUseAppToken();
    const everything = JSON.stringify(shown);
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
    expect(everything).toContain(REDACTED);
    // What is not secret stays readable.
    expect(everything).toContain('ada@example.com');
    expect(store.getState().session).toEqual({ status: 'signedIn', user: aUser() });
    // The app itself still has the real values.
    expect(localStorage.getItem('access')).toBe('access.jwt.value');
  });

  it('replays an exported log into a fresh store with the same state', async () => {
    const shown = recordDevTools();
    await signInAndUseAppToken();
    const exported = JSON.parse(JSON.stringify(shown.map(({ action }) => action))) as Action[];
    const finalShown = shown[shown.length - 1].state;

    const replayed = recordDevTools();
    const fresh = makeStore({ session: { status: 'signedOut', user: null } });
    for (const action of exported.filter(({ type }) => !type.startsWith('@@'))) fresh.dispatch(action);
    expect(replayed[replayed.length - 1].state).toEqual(finalShown);
    expect(fresh.getState().session.status).toBe('signedIn');
  });
});
