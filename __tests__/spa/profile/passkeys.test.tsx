import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { User } from '@/contract';
import { formatDateTime } from '@/contract/dates';
import type { Passkey } from '@/contract/passkeys';

import { server, url } from '../msw';
import { aStaffUser, aUser, fakeJwt, renderApp, signedInAs } from '../render';

jest.mock('@simplewebauthn/browser', () => ({
  startRegistration: jest.fn(),
  startAuthentication: jest.fn(),
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));
const register = jest.mocked(startRegistration);

const OPTIONS = { challenge: 'challenge-1', rp: { id: 'localhost', name: 'localhost' }, user: { id: 'aGFuZGxl', name: 'ada@example.com', displayName: 'Ada' } };
const CREDENTIAL = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2M', transports: ['internal'] },
};

const aPasskey = (overrides: Partial<Passkey> = {}): Passkey => ({
  id: 1,
  name: 'Work laptop',
  created_at: '2025-06-01T09:00:00.000Z',
  last_used_at: '2025-06-09T10:30:00.000Z',
  backed_up: false,
  ...overrides,
});

/** The account's passkeys and recovery codes as the server keeps them, with the calls made. */
function serve(user: User, passkeys: Passkey[] = []) {
  const backend = { passkeys: [...passkeys], calls: [] as string[], bodies: [] as unknown[], remaining: 0 };
  server.use(
    http.get(url('/api/users/profile/'), () => HttpResponse.json(user)),
    http.get(url('/api/users/sessions/'), () => HttpResponse.json([])),
    http.get(url('/api/users/passkeys/'), () => HttpResponse.json(backend.passkeys)),
    http.post(url('/api/users/passkeys/registration/'), () => {
      backend.calls.push('options');
      return HttpResponse.json(OPTIONS);
    }),
    http.post(url('/api/users/passkeys/'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      backend.calls.push('add');
      backend.bodies.push(body);
      const passkey = aPasskey({ id: 10 + backend.passkeys.length, name: body.name.trim() || 'Passkey 1', last_used_at: null });
      backend.passkeys.push(passkey);
      return HttpResponse.json(passkey, { status: 201 });
    }),
    http.patch(url('/api/users/passkeys/:id/'), async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      backend.calls.push(`rename ${String(params.id)}`);
      const passkey = backend.passkeys.find((p) => p.id === Number(params.id))!;
      passkey.name = body.name;
      return HttpResponse.json(passkey);
    }),
    http.delete(url('/api/users/passkeys/:id/'), ({ params }) => {
      backend.calls.push(`remove ${String(params.id)}`);
      backend.passkeys = backend.passkeys.filter((p) => p.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(url('/api/users/recovery-codes/'), () => HttpResponse.json({ remaining: backend.remaining })),
    http.post(url('/api/users/recovery-codes/'), () => {
      backend.calls.push('codes');
      backend.remaining = 10;
      return HttpResponse.json({ codes: Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${i}${i}`) }, { status: 201 });
    }),
  );
  return backend;
}

async function openProfile(user: User) {
  localStorage.setItem('access', fakeJwt(600));
  localStorage.setItem('refresh', 'refresh-1');
  renderApp({ route: '/profile', preloadedState: signedInAs(user) });
  await screen.findByRole('heading', { name: 'Passkeys' }, { timeout: 3000 });
  return within(screen.getByRole('region', { name: 'Passkeys' }));
}

beforeEach(() => {
  (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
  register.mockReset();
});
afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  jest.restoreAllMocks();
});

describe('profile: passkeys', () => {
  it('lists each passkey with its name, when it was added and when it was last used', async () => {
    serve(aUser(), [aPasskey(), aPasskey({ id: 2, name: 'Phone', last_used_at: null })]);
    const card = await openProfile(aUser());
    const laptop = (await card.findByRole('cell', { name: 'Work laptop' })).closest('tr') as HTMLElement;
    expect(within(laptop).getByRole('cell', { name: formatDateTime('2025-06-01T09:00:00.000Z') })).toHaveAttribute('data-label', 'Added');
    expect(within(laptop).getByRole('cell', { name: formatDateTime('2025-06-09T10:30:00.000Z') })).toHaveAttribute('data-label', 'Last used');
    const phone = card.getByRole('cell', { name: 'Phone' }).closest('tr') as HTMLElement;
    expect(within(phone).getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(within(phone).getByRole('button', { name: 'Remove Phone' })).toBeEnabled();
  });

  it('says when there is none yet, and offers no recovery codes to members', async () => {
    serve(aUser());
    const card = await openProfile(aUser());
    expect(await card.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(card.queryByRole('heading', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('adds a passkey named after the browser, or as the person names it', async () => {
    const user = userEvent.setup();
    const backend = serve(aUser());
    register.mockResolvedValue(CREDENTIAL);
    const card = await openProfile(aUser());
    const name = card.getByLabelText('Name of the new passkey');
    await user.clear(name);
    await user.type(name, 'Office desktop');
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    expect(await card.findByRole('status')).toHaveTextContent('Passkey “Office desktop” added. You can sign in with it from now on.');
    expect(register).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(backend.bodies).toEqual([{ name: 'Office desktop', credential: CREDENTIAL }]);
    expect(await card.findByRole('cell', { name: 'Office desktop' })).toBeInTheDocument();
  });

  it('says so when the person cancels on their device, and adds nothing', async () => {
    const user = userEvent.setup();
    const backend = serve(aUser());
    register.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const card = await openProfile(aUser());
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Failed to add a passkey. The passkey request was cancelled or timed out.');
    expect(backend.calls).toEqual(['options']);
  });

  it('reports the server’s refusal, and a browser without passkeys', async () => {
    const user = userEvent.setup();
    serve(aUser());
    server.use(
      http.post(url('/api/users/passkeys/'), () => HttpResponse.json({ detail: 'The passkey request expired. Please try again.' }, { status: 400 }), {
        once: true,
      }),
    );
    register.mockResolvedValue(CREDENTIAL);
    const card = await openProfile(aUser());
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Failed to add a passkey. The passkey request expired. Please try again.');

    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(card.getByRole('alert')).toHaveTextContent(/^This browser cannot use passkeys\.$/));
  });

  it('renames a passkey in its row', async () => {
    const user = userEvent.setup();
    const backend = serve(aUser(), [aPasskey()]);
    const card = await openProfile(aUser());
    await user.click(await card.findByRole('button', { name: 'Rename Work laptop' }));
    const field = card.getByLabelText('New name for Work laptop');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Old laptop{Enter}');
    expect(await card.findByRole('status')).toHaveTextContent('Passkey renamed to “Old laptop”.');
    expect(await card.findByRole('cell', { name: 'Old laptop' })).toBeInTheDocument();
    expect(backend.calls).toEqual(['rename 1']);
  });

  it('removes a passkey after asking, and says why the server keeps the last one', async () => {
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const backend = serve(aStaffUser(), [aPasskey(), aPasskey({ id: 2, name: 'Phone' })]);
    const card = await openProfile(aStaffUser());
    await user.click(await card.findByRole('button', { name: 'Remove Phone' }));
    expect(confirm).toHaveBeenCalledWith('Remove the passkey “Phone”? It will no longer sign you in.');
    expect(await card.findByRole('status')).toHaveTextContent('Passkey “Phone” removed.');
    await waitFor(() => expect(card.queryByRole('cell', { name: 'Phone' })).not.toBeInTheDocument());

    server.use(
      http.delete(
        url('/api/users/passkeys/:id/'),
        () => HttpResponse.json({ detail: 'Staff must sign in with a passkey: add another passkey before removing your last one.' }, { status: 409 }),
        { once: true },
      ),
    );
    await user.click(card.getByRole('button', { name: 'Remove Work laptop' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Failed to remove the passkey. Staff must sign in with a passkey: add another passkey before removing your last one.',
    );
    expect(backend.calls).toEqual(['remove 2']);
  });

  it('shows staff their new recovery codes once', async () => {
    const user = userEvent.setup();
    const backend = serve(aStaffUser(), [aPasskey()]);
    const card = await openProfile(aStaffUser());
    expect(await card.findByText('You have no recovery codes.')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Create recovery codes' }));
    const codes = await card.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(card.getByText('Your new recovery codes. Save them now: they are shown only this once.')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'I have saved them' }));
    expect(card.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await card.findByText('10 unused codes left.')).toBeInTheDocument();

    // New ones replace them, after asking.
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(card.getByRole('button', { name: 'Create new recovery codes' }));
    expect(backend.calls).toEqual(['codes']);
  });
});
