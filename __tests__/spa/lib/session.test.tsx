import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { makeStore } from '@/app/store';
import { useAuth } from '@/lib/session/AuthProvider';
import { login, logout, restoreSession } from '@/lib/session/sessionThunks';

import { server, url } from '../msw';
import { aUser, fakeJwt } from '../render';

const profileOk = (user = aUser()) => http.get(url('/api/users/profile/'), () => HttpResponse.json(user));
const logoutOk = () => http.post(url('/api/users/logout/'), () => HttpResponse.json({ detail: 'Signed out.' }));

async function start() {
  const store = makeStore();
  await store.dispatch(restoreSession());
  return store;
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('startup session check', () => {
  it('starts in the loading state', () => {
    expect(makeStore().getState().session).toEqual({ status: 'loading', user: null });
  });

  it('is signed out when no access token is stored', async () => {
    const store = await start();
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('fetches the profile with a valid token and signs in', async () => {
    localStorage.setItem('access', fakeJwt(600));
    let authorization: string | null = null;
    server.use(
      http.get(url('/api/users/profile/'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(aUser({ first_name: 'Grace' }));
      }),
    );
    const store = await start();
    expect(store.getState().session.status).toBe('signedIn');
    expect(store.getState().session.user?.first_name).toBe('Grace');
    expect(authorization).toBe(`Bearer ${localStorage.getItem('access')}`);
  });

  it('logs out when the profile request fails', async () => {
    localStorage.setItem('access', fakeJwt(600));
    localStorage.setItem('refresh', 'r1');
    server.use(
      http.get(url('/api/users/profile/'), () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
      logoutOk(),
    );
    const store = await start();
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('logs out when the profile answer is empty', async () => {
    localStorage.setItem('access', fakeJwt(600));
    server.use(http.get(url('/api/users/profile/'), () => HttpResponse.json(null)));
    const store = await start();
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('refreshes an expired token, stores the new tokens, then fetches the profile', async () => {
    localStorage.setItem('access', fakeJwt(-60));
    localStorage.setItem('refresh', 'old-refresh');
    const fresh = fakeJwt(600);
    let sentRefresh: unknown;
    server.use(
      http.post(url('/api/token/refresh/'), async ({ request }) => {
        sentRefresh = ((await request.json()) as { refresh: string }).refresh;
        return HttpResponse.json({ access: fresh, refresh: 'new-refresh' });
      }),
      profileOk(),
    );
    const store = await start();
    expect(sentRefresh).toBe('old-refresh');
    expect(localStorage.getItem('access')).toBe(fresh);
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('keeps the old refresh token when the refresh answer carries none', async () => {
    localStorage.setItem('access', fakeJwt(-60));
    localStorage.setItem('refresh', 'kept');
    server.use(
      http.post(url('/api/token/refresh/'), () => HttpResponse.json({ access: fakeJwt(600) })),
      profileOk(),
    );
    const store = await start();
    expect(localStorage.getItem('refresh')).toBe('kept');
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('logs out when the token is expired and no refresh token exists', async () => {
    localStorage.setItem('access', fakeJwt(-60));
    const store = await start();
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it.each([
    ['a non-200 answer', () => HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 })],
    ['a 201 answer', () => HttpResponse.json({ access: fakeJwt(600) }, { status: 201 })],
    ['an answer without access', () => HttpResponse.json({ refresh: 'r2' })],
    ['a network failure', () => HttpResponse.error()],
  ])('logs out when the refresh fails with %s', async (_name, resolver) => {
    localStorage.setItem('access', fakeJwt(-60));
    localStorage.setItem('refresh', 'r1');
    server.use(http.post(url('/api/token/refresh/'), resolver), logoutOk());
    const store = await start();
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('logs out when the token cannot be decoded', async () => {
    localStorage.setItem('access', 'not-a-jwt');
    const store = await start();
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem('access')).toBeNull();
  });
});

describe('login and logout', () => {
  it('stores the tokens and uses the supplied user', async () => {
    const store = makeStore();
    await store.dispatch(login({ access: 'a1', refresh: 'r1', user: aUser({ email: 'x@example.com' }) }));
    expect(localStorage.getItem('access')).toBe('a1');
    expect(localStorage.getItem('refresh')).toBe('r1');
    expect(store.getState().session).toEqual({ status: 'signedIn', user: aUser({ email: 'x@example.com' }) });
  });

  it('fetches the profile when no user is supplied', async () => {
    server.use(profileOk(aUser({ first_name: 'Emmy' })));
    const store = makeStore();
    await store.dispatch(login({ access: fakeJwt(600), refresh: 'r1' }));
    expect(store.getState().session.user?.first_name).toBe('Emmy');
  });

  it('logs out when that profile fetch fails', async () => {
    server.use(
      http.get(url('/api/users/profile/'), () => new HttpResponse(null, { status: 500 })),
      logoutOk(),
    );
    const store = makeStore();
    await store.dispatch(login({ access: fakeJwt(600), refresh: 'r1' }));
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('logout clears the user and both tokens and asks the server to revoke the refresh token', async () => {
    let revoked: unknown;
    server.use(
      http.post(url('/api/users/logout/'), async ({ request }) => {
        revoked = await request.json();
        return HttpResponse.json({ detail: 'Signed out.' });
      }),
    );
    const store = makeStore({ session: { status: 'signedIn', user: aUser() } });
    localStorage.setItem('access', 'a1');
    localStorage.setItem('refresh', 'r1');
    await store.dispatch(logout());
    expect(store.getState().session).toEqual({ status: 'signedOut', user: null });
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(revoked).toEqual({ refresh: 'r1' });
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    server.use(http.post(url('/api/users/logout/'), () => HttpResponse.error()));
    const store = makeStore({ session: { status: 'signedIn', user: aUser() } });
    localStorage.setItem('refresh', 'r1');
    await store.dispatch(logout());
    expect(store.getState().session.status).toBe('signedOut');
  });
});

describe('useAuth', () => {
  function Probe() {
    const auth = useAuth();
    return <p>{auth.isAuthenticated ? 'in' : 'out'}</p>;
  }

  it('throws outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('exposes the session inside the app providers', async () => {
    const { AppProviders } = await import('@/app/AppProviders');
    render(
      <AppProviders store={makeStore()}>
        <Probe />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByText('out')).toBeInTheDocument());
  });
});
