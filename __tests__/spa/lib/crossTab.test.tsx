import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { REFRESH_LOCK, refreshAccessToken } from '@/lib/api/refresh';

import { server, url } from '../msw';
import { aUser, renderApp, signedInAs, signedOutState } from '../render';

/** A lock manager like the browser's, shared by every "tab" of a test: one holder per name at a time. */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, callback: () => Promise<T> | T): Promise<T> {
      const previous = queues.get(name) ?? Promise.resolve();
      const turn = previous.then(() => callback());
      queues.set(
        name,
        turn.catch(() => undefined),
      );
      return turn;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return locks;
}

function countRefreshes(answer = { access: 'from-this-tab', refresh: 'r-this' }) {
  const calls: unknown[] = [];
  server.use(
    http.post(url('/api/token/refresh/'), async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

describe('refreshing across tabs', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    jest.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('waits for a refresh another tab is making and uses the token it stored, without spending the old one again', async () => {
    localStorage.setItem('access', 'expired');
    localStorage.setItem('refresh', 'r1');
    const locks = fakeLocks();
    const calls = countRefreshes();
    let otherTabDone: () => void = () => undefined;
    const otherTab = new Promise<void>((resolve) => (otherTabDone = resolve));
    void locks.request(REFRESH_LOCK, () => otherTab);

    const refreshed = refreshAccessToken();
    // The other tab's refresh lands: it rotates the pair in the shared storage, then lets go.
    localStorage.setItem('access', 'from-other-tab');
    localStorage.setItem('refresh', 'r2');
    otherTabDone();

    await expect(refreshed).resolves.toBe(true);
    expect(calls).toEqual([]);
    expect(localStorage.getItem('access')).toBe('from-other-tab');
  });

  it('refreshes itself, once, when it gets its turn and nobody refreshed meanwhile', async () => {
    localStorage.setItem('access', 'expired');
    localStorage.setItem('refresh', 'r1');
    fakeLocks();
    const calls = countRefreshes();
    await expect(Promise.all([refreshAccessToken(), refreshAccessToken()])).resolves.toEqual([true, true]);
    expect(calls).toEqual([{ refresh: 'r1' }]);
    expect(localStorage.getItem('access')).toBe('from-this-tab');
  });

  it('still refreshes in a browser without Web Locks', async () => {
    localStorage.setItem('access', 'expired');
    localStorage.setItem('refresh', 'r1');
    const calls = countRefreshes();
    await expect(refreshAccessToken()).resolves.toBe(true);
    expect(calls).toHaveLength(1);
  });
});

describe('signing in and out in another tab', () => {
  const storageEvent = (key: string, newValue: string | null) =>
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
    });

  it('signs this tab out when another tab signs out', async () => {
    localStorage.setItem('access', 'a1');
    renderApp({ route: '/about', preloadedState: signedInAs(aUser()) });
    expect(await screen.findByRole('button', { name: 'Ada' })).toBeInTheDocument();
    localStorage.removeItem('access');
    localStorage.removeItem('refresh');
    storageEvent('access', null);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('signs this tab in when another tab signs in', async () => {
    server.use(http.get(url('/api/users/profile/'), () => HttpResponse.json(aUser({ first_name: 'Grace' }))));
    renderApp({ route: '/about', preloadedState: signedOutState });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    localStorage.setItem('access', 'signed-in-elsewhere');
    storageEvent('access', 'signed-in-elsewhere');
    expect(await screen.findByRole('button', { name: 'Grace' })).toBeInTheDocument();
  });

  it('ignores a token refreshed in another tab (the next request reads it)', async () => {
    localStorage.setItem('access', 'a1');
    renderApp({ route: '/about', preloadedState: signedInAs(aUser()) });
    expect(await screen.findByRole('button', { name: 'Ada' })).toBeInTheDocument();
    storageEvent('access', 'a2');
    expect(screen.getByRole('button', { name: 'Ada' })).toBeInTheDocument();
  });
});
