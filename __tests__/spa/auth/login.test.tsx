import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { aUser, fakeJwt, renderApp } from '../render';

const LOGIN = '/api/users/login/';

function loginAnswers(user = aUser()) {
  const bodies: unknown[] = [];
  const access = fakeJwt(600);
  server.use(
    http.post(url(LOGIN), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ access, refresh: 'refresh-1', user });
    }),
  );
  return { bodies, access };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, { email = 'ada@example.com', password = 'correct horse' } = {}) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const form = () => within(screen.getByRole('main'));

/** Renders the app and waits for the lazily loaded login screen. */
async function openLogin(route = '/login') {
  const rendered = renderApp({ route });
  await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 });
  return rendered;
}

// Signing in or out lands on the home page, whose banner asks for its pictures.
beforeEach(() => server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([]))));
afterEach(() => jest.restoreAllMocks());

describe('login screen', () => {
  it.each(['/login', '/signin'])('is served at %s with its fields and links', async (route) => {
    await openLogin(route);
    const main = form();
    // The browser may offer the site's passkeys among the email field's suggestions.
    expect(main.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email webauthn');
    expect(main.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(main.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(main.getByRole('link', { name: '← Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    await openLogin('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(form().getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(form().getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires email and password before calling the server', async () => {
    const user = userEvent.setup();
    const { bodies } = loginAnswers();
    await openLogin('/login');
    await user.click(form().getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeInvalid();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    expect(screen.getByLabelText('Password')).toBeInvalid();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toEqual([]);
  });

  it('shows Signing in... with the button disabled while sending', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(url(LOGIN), async () => {
        await delay(100);
        return HttpResponse.json({ detail: 'No active account found with the given credentials.' }, { status: 401 });
      }),
    );
    await openLogin('/login');
    await fillAndSubmit(user);
    expect(form().getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials.');
    expect(form().getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('signs in, stores the tokens and goes to /', async () => {
    const user = userEvent.setup();
    const { bodies, access } = loginAnswers();
    const { router, store } = await openLogin('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'correct horse' }]);
    expect(localStorage.getItem('access')).toBe(access);
    expect(localStorage.getItem('refresh')).toBe('refresh-1');
    expect(store.getState().session).toEqual({ status: 'signedIn', user: aUser() });
    expect(document.cookie).not.toContain('refresh_token=');
  });

  it('with Remember me sends the flag and keeps the refresh token in a 30-day cookie', async () => {
    const user = userEvent.setup();
    const cookieWrites: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    jest.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      cookieWrites.push(value);
      cookie.set!.call(this, value);
    });
    const { bodies } = loginAnswers();
    const { router } = await openLogin('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'correct horse', remember: true }]);
    expect(document.cookie).toContain('refresh_token=refresh-1');
    const written = cookieWrites.find((c) => c.startsWith('refresh_token=refresh-1'));
    expect(written).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(written).toContain('Path=/');
    expect(written).toContain('SameSite=Lax');
  });

  it('submits with Enter from the password field', async () => {
    const user = userEvent.setup();
    const { bodies } = loginAnswers();
    const { router } = await openLogin('/signin');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodies).toHaveLength(1);
  });

  it('shows the server detail, keeps the input and moves focus to the message', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(LOGIN), () => HttpResponse.json({ detail: 'Too many attempts. Try again in 5 minutes.' }, { status: 429 })));
    await openLogin('/login');
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Try again in 5 minutes.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('correct horse');
  });

  it('falls back to Sign-in failed. Please check credentials. when the server gives no detail', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(LOGIN), () => new HttpResponse('Bad gateway', { status: 502 })));
    await openLogin('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sign-in failed\. Please check credentials\.$/);
  });

  it('says Network error — please try again. when no answer comes', async () => {
    const user = userEvent.setup();
    server.use(http.post(url(LOGIN), () => HttpResponse.error()));
    await openLogin('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error — please try again\.$/);
  });

  it('greets a newly registered visitor', async () => {
    await openLogin('/login?registrationSuccess=true');
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Check your email: we have sent a message to that address saying how to sign in.');
  });

  it('says the session ended when a lapsed session sent the visitor here, and only then', async () => {
    await openLogin('/signin?session=ended');
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });

  it('says nothing of a session on an ordinary visit', async () => {
    await openLogin('/signin');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();
  });

  it('returns to the page a guard sent the visitor from', async () => {
    const user = userEvent.setup();
    loginAnswers();
    server.use(
      http.get(url('/api/users/profile/'), () => HttpResponse.json(aUser())),
      http.get(url('/api/users/sessions/'), () => HttpResponse.json([])),
    );
    const { router } = renderApp({ route: '/profile' });
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  });
});
