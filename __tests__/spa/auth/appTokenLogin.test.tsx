import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { aStaffUser, aUser, fakeJwt, renderApp, signedInAs, signedOutState } from '../render';

const TOKEN_LOGIN = '/login-with-token/';

/** Puts the address the native wrapper opened into jsdom's address bar, as a browser would show it. */
function openedAt(address: string) {
  window.history.replaceState(null, '', address);
  return renderApp({ route: address });
}

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('app-token login', () => {
  it('removes the token from the address bar first, posts it with the CSRF header and lands on /welcome', async () => {
    document.cookie = 'csrftoken=csrf-abc; Path=/';
    const seen: { body: unknown; csrf: string | null; addressAtRequest: string }[] = [];
    const access = fakeJwt(600);
    server.use(
      http.post(url(TOKEN_LOGIN), async ({ request }) => {
        seen.push({ body: await request.json(), csrf: request.headers.get('x-csrftoken'), addressAtRequest: window.location.href });
        return HttpResponse.json({ access, refresh: 'refresh-9', user: aUser() });
      }),
    );
    const { router, store } = openedAt('/app-login?token=one-time-token&lang=en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), { timeout: 3000 });
    expect(seen).toEqual([{ body: { token: 'one-time-token' }, csrf: 'csrf-abc', addressAtRequest: 'http://localhost/app-login?lang=en' }]);
    expect(window.location.href).not.toContain('one-time-token');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('access')).toBe(access);
    expect(localStorage.getItem('refresh')).toBe('refresh-9');
    expect(store.getState().session).toEqual({ status: 'signedIn', user: aUser() });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('shows Signing you in… while the token is checked', async () => {
    document.cookie = 'csrftoken=csrf-abc; Path=/';
    server.use(http.post(url(TOKEN_LOGIN), () => new Promise<Response>(() => undefined)));
    openedAt('/app-login?token=one-time-token');
    expect(await screen.findByText('Signing you in…', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('fetches the CSRF cookie first when the browser has none', async () => {
    const order: string[] = [];
    let csrfHeader: string | null = null;
    server.use(
      http.get(url('/api/csrf/'), () => {
        order.push('csrf');
        document.cookie = 'csrftoken=fresh-cookie; Path=/';
        return HttpResponse.json({ detail: 'CSRF cookie set.' });
      }),
      http.post(url(TOKEN_LOGIN), ({ request }) => {
        order.push('login');
        csrfHeader = request.headers.get('x-csrftoken');
        return HttpResponse.json({ access: fakeJwt(600), refresh: 'r', user: aUser() });
      }),
    );
    const { router } = openedAt('/app-login?token=t1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), { timeout: 3000 });
    expect(order).toEqual(['csrf', 'login']);
    expect(csrfHeader).toBe('fresh-cookie');
  });

  it('alerts No App Token found in URL when the address has no token', async () => {
    openedAt('/app-login');
    expect(await screen.findByText(/did not carry a sign-in token/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(alertSpy).toHaveBeenCalledWith('No App Token found in URL');
    expect(screen.getByRole('link', { name: 'Sign in with email and password' })).toHaveAttribute('href', '/signin');
  });

  it('alerts the status and status text of a refused token and goes to /login-failed', async () => {
    document.cookie = 'csrftoken=csrf-abc; Path=/';
    server.use(http.post(url(TOKEN_LOGIN), () => HttpResponse.json({ detail: 'Invalid or expired app token.' }, { status: 401, statusText: 'Unauthorized' })));
    const { router, store } = openedAt('/app-login?token=used-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-failed'), { timeout: 3000 });
    expect(alertSpy).toHaveBeenCalledWith('Token login failed, Try to refresh the browser and retry: 401 Unauthorized');
    expect(window.location.href).not.toContain('used-token');
    expect(store.getState().session.status).toBe('signedOut');
  });

  it('treats any answer but 200 as a failure', async () => {
    document.cookie = 'csrftoken=csrf-abc; Path=/';
    server.use(
      http.post(url(TOKEN_LOGIN), () => HttpResponse.json({ access: fakeJwt(600), refresh: 'r', user: aUser() }, { status: 202, statusText: 'Accepted' })),
    );
    const { router } = openedAt('/app-login?token=t1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-failed'), { timeout: 3000 });
    expect(alertSpy).toHaveBeenCalledWith('Token login failed, Try to refresh the browser and retry: 202 Accepted');
  });

  it('goes to /login-failed without an alert when the request throws', async () => {
    document.cookie = 'csrftoken=csrf-abc; Path=/';
    server.use(http.post(url(TOKEN_LOGIN), () => HttpResponse.error()));
    const { router } = openedAt('/app-login?token=t1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-failed'), { timeout: 3000 });
    expect(alertSpy).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
  });
});

describe('/welcome', () => {
  it('names the signed-in user and offers home and profile', async () => {
    renderApp({ route: '/welcome', preloadedState: signedInAs(aUser()) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' }, { timeout: 3000 })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(main.getByText(/ada@example\.com/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/profile');
    expect(main.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('offers the dashboard to staff', async () => {
    renderApp({ route: '/welcome', preloadedState: signedInAs(aStaffUser()) });
    await screen.findByRole('heading', { name: 'Welcome, Ada' }, { timeout: 3000 });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('points a signed-out visitor to sign-in', async () => {
    renderApp({ route: '/welcome', preloadedState: signedOutState });
    expect(await screen.findByText('You are not signed in at the moment.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});

describe('/login-failed', () => {
  it('explains what went wrong and how to retry', async () => {
    renderApp({ route: '/login-failed', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' }, { timeout: 3000 })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('alert')).toHaveTextContent('The app could not sign you in.');
    expect(main.getByText(/open the website from it again/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Sign in with email and password' })).toHaveAttribute('href', '/signin');
    expect(main.getByRole('link', { name: '← Back to home' })).toHaveAttribute('href', '/');
  });
});
