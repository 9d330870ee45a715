import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';

import type { Session } from '@/contract/accounts';

import { server, url } from '../msw';
import { aUser, fakeJwt, renderApp, signedInAs } from '../render';
import { jsonBody, serveWrite } from '../writes';

const PROFILE = '/api/users/profile/';
const SESSIONS = '/api/users/sessions/';

const aSession = (overrides: Partial<Session> = {}): Session => ({
  id: 1,
  created_at: '2025-06-01T09:00:00.000Z',
  last_used_at: '2025-06-09T10:30:00.000Z',
  expires_at: '2025-06-10T10:30:00.000Z',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  remember: false,
  current: true,
  ...overrides,
});

const phone = aSession({
  id: 2,
  ip: '198.51.100.4',
  current: false,
  user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
});

function serve({ user = aUser({ interest_notes: 'Volatility surfaces' }), sessions = [aSession(), phone] } = {}) {
  let current = sessions;
  const logouts: unknown[] = [];
  server.use(
    http.get(url(PROFILE), () => HttpResponse.json(user)),
    http.get(url(SESSIONS), () => HttpResponse.json(current)),
    http.get(url('/api/users/passkeys/'), () => HttpResponse.json([])),
    http.post(url('/api/users/logout/'), async ({ request }) => {
      logouts.push(await request.json());
      return HttpResponse.json({ detail: 'Successfully logged out.' });
    }),
  );
  return {
    logouts,
    setSessions: (next: Session[]) => {
      current = next;
    },
  };
}

async function openProfile(user = aUser({ interest_notes: 'Volatility surfaces' })) {
  localStorage.setItem('access', fakeJwt(600));
  localStorage.setItem('refresh', 'refresh-1');
  const rendered = renderApp({ route: '/profile', preloadedState: signedInAs(user) });
  await screen.findByRole('heading', { name: 'Your details' }, { timeout: 3000 });
  return rendered;
}

const card = (title: string) => within(screen.getByRole('region', { name: title }));

// Signing in or out lands on the home page, whose banner asks for its pictures.
beforeEach(() => server.use(http.get(url('/api/photos/images/'), () => HttpResponse.json([]))));

describe('profile details', () => {
  it('shows the account', async () => {
    serve();
    await openProfile();
    const details = card('Your details');
    expect(details.getByText('ada@example.com')).toBeInTheDocument();
    expect(details.getByText('Ada')).toBeInTheDocument();
    expect(details.getByText('Lovelace')).toBeInTheDocument();
    expect(details.getByText('Volatility surfaces')).toBeInTheDocument();
  });

  it('edits names and interest notes, and updates the signed-in user', async () => {
    const user = userEvent.setup();
    serve();
    const patches = serveWrite('patch', PROFILE, jsonBody, (body) => HttpResponse.json(aUser({ ...(body as Record<string, string>) })));
    const { store } = await openProfile();
    await user.click(card('Your details').getByRole('button', { name: 'Edit details' }));
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('autocomplete', 'given-name');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.clear(screen.getByLabelText('Interest notes'));
    await user.type(screen.getByLabelText('Interest notes'), 'Rough volatility');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await card('Your details').findByRole('status')).toHaveTextContent('Profile updated.');
    expect(patches).toEqual([{ first_name: 'Augusta', last_name: 'Lovelace', interest_notes: 'Rough volatility' }]);
    expect(card('Your details').getByText('Augusta')).toBeInTheDocument();
    expect(card('Your details').getByText('Rough volatility')).toBeInTheDocument();
    expect(store.getState().session.user?.first_name).toBe('Augusta');
  });

  it('keeps the edits and explains a refused save', async () => {
    const user = userEvent.setup();
    serve();
    server.use(http.patch(url(PROFILE), () => HttpResponse.json({ first_name: ['This field may not be blank.'] }, { status: 400 })));
    const { store } = await openProfile();
    await user.click(card('Your details').getByRole('button', { name: 'Edit details' }));
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Byron');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await card('Your details').findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update profile. This field may not be blank.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByLabelText('Last name')).toHaveValue('Byron');
    expect(store.getState().session.user?.last_name).toBe('Lovelace');
  });

  it('cancels an edit without saving', async () => {
    const user = userEvent.setup();
    serve();
    await openProfile();
    await user.click(card('Your details').getByRole('button', { name: 'Edit details' }));
    await user.type(screen.getByLabelText('First name'), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(card('Your details').getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });
});

describe('change password', () => {
  it('checks the confirmation, then changes the password and clears the form', async () => {
    const user = userEvent.setup();
    serve();
    const bodies: unknown[] = [];
    server.use(
      http.post(url('/api/users/change-password/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Password changed. Your other sessions have been signed out.' });
      }),
    );
    await openProfile();
    const form = card('Change password');
    expect(form.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(form.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    await user.type(form.getByLabelText('Current password'), 'old passphrase');
    await user.type(form.getByLabelText('New password'), 'new passphrase here');
    await user.type(form.getByLabelText('Confirm new password'), 'new passphrase typo');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(bodies).toEqual([]);

    await user.clear(form.getByLabelText('Confirm new password'));
    await user.type(form.getByLabelText('Confirm new password'), 'new passphrase here{Enter}');
    expect(await form.findByRole('status')).toHaveTextContent('Password changed. Your other sessions have been signed out.');
    expect(bodies).toEqual([{ old_password: 'old passphrase', new_password: 'new passphrase here', new_password2: 'new passphrase here' }]);
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows why the server refused', async () => {
    const user = userEvent.setup();
    serve();
    server.use(
      http.post(url('/api/users/change-password/'), () =>
        HttpResponse.json({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] }, { status: 400 }),
      ),
    );
    await openProfile();
    const form = card('Change password');
    await user.type(form.getByLabelText('Current password'), 'wrong');
    await user.type(form.getByLabelText('New password'), 'new passphrase here');
    await user.type(form.getByLabelText('Confirm new password'), 'new passphrase here{Enter}');
    expect(await form.findByRole('alert')).toHaveTextContent('Failed to change password. Your old password was entered incorrectly. Please enter it again.');
  });
});

describe('signed-in sessions', () => {
  it('lists each session with its device, address and this browser marked', async () => {
    serve();
    await openProfile();
    const list = card('Signed-in sessions');
    const rows = await list.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(rows[1]).getByText('This browser')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(rows[2]).getByText('198.51.100.4')).toBeInTheDocument();
  });

  it('signs out another session and refreshes the list', async () => {
    const user = userEvent.setup();
    const { setSessions } = serve();
    const deleted: string[] = [];
    server.use(
      http.delete(url('/api/users/sessions/:id/'), ({ params }) => {
        deleted.push(String(params.id));
        setSessions([aSession()]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await openProfile();
    const list = card('Signed-in sessions');
    await user.click(await list.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await list.findByRole('status')).toHaveTextContent('Signed out Safari on iOS.');
    expect(deleted).toEqual(['2']);
    await waitFor(() => expect(list.queryByText('Safari on iOS')).not.toBeInTheDocument());
  });

  it('reports a failed sign-out of a session', async () => {
    const user = userEvent.setup();
    serve();
    server.use(http.delete(url('/api/users/sessions/:id/'), () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    await openProfile();
    const list = card('Signed-in sessions');
    await user.click(await list.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await list.findByRole('alert')).toHaveTextContent('Failed to sign out that session. Not found.');
  });

  it('signing out this browser from the list signs out here and revokes its refresh token', async () => {
    const user = userEvent.setup();
    const { logouts } = serve();
    const { router, store } = await openProfile();
    await user.click(await card('Signed-in sessions').findByRole('button', { name: 'Sign out of this browser' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(localStorage.getItem('access')).toBeNull();
    await waitFor(() => expect(logouts).toEqual([{ refresh: 'refresh-1' }]));
  });

  it('signs out everywhere, then signs out here and goes to sign-in', async () => {
    const user = userEvent.setup();
    serve();
    let revokedAll = false;
    server.use(
      http.post(url('/api/users/sessions/revoke-all/'), async () => {
        await delay(50);
        revokedAll = true;
        return HttpResponse.json({ detail: 'Signed out everywhere.' });
      }),
    );
    const { router, store } = await openProfile();
    await user.click(card('Signed-in sessions').getByRole('button', { name: 'Sign out everywhere' }));
    expect(card('Signed-in sessions').getByRole('button', { name: 'Signing out...' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(revokedAll).toBe(true);
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(localStorage.getItem('refresh')).toBeNull();
    // And stays there, signed out, with the sign-in form.
    // The sign-in screen's code may take a moment to load when the whole suite runs.
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });
});

describe('sign out and delete account', () => {
  it('signs out from the profile', async () => {
    const user = userEvent.setup();
    const { logouts } = serve();
    const { router, store } = await openProfile();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    await waitFor(() => expect(logouts).toHaveLength(1));
  });

  it('asks for confirmation with the password before deleting', async () => {
    const user = userEvent.setup();
    serve();
    const deletions = serveWrite('delete', PROFILE, jsonBody, (body) =>
      (body as { password: string }).password === 'right one'
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json({ password: ['Incorrect password.'] }, { status: 400 }),
    );
    const { router, store } = await openProfile();
    await user.click(card('Delete account').getByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(deletions).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletions).toEqual([]);

    await user.click(card('Delete account').getByRole('button', { name: 'Delete my account…' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    await user.type(confirm.getByLabelText('Password'), 'wrong one{Enter}');
    expect(await confirm.findByRole('alert')).toHaveTextContent('Failed to delete account. Incorrect password.');
    expect(store.getState().session.status).toBe('signedIn');

    await user.clear(confirm.getByLabelText('Password'));
    await user.type(confirm.getByLabelText('Password'), 'right one');
    await user.click(confirm.getByRole('button', { name: 'Delete account permanently' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(deletions).toEqual([{ password: 'wrong one' }, { password: 'right one' }]);
    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    expect(localStorage.getItem('access')).toBeNull();
  });
});
