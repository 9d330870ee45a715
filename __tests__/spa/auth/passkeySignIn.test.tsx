import { startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { server, url } from '../msw';
import { aStaffUser, aUser, fakeJwt, renderApp } from '../render';

jest.mock('@simplewebauthn/browser', () => ({
  startRegistration: jest.fn(),
  startAuthentication: jest.fn(),
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));
const authenticate = jest.mocked(startAuthentication);

const OPTIONS = { challenge: 'challenge-1', rpId: 'localhost', timeout: 300000, userVerification: 'required' };
const CREDENTIAL = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'c2ln', userHandle: 'aGFuZGxl' },
};

/** The sign-in calls, answering a passkey with the session; what the server was sent. */
function serve() {
  const sent = { options: 0, passkey: [] as unknown[], password: [] as unknown[] };
  server.use(
    http.get(url('/api/photos/images/'), () => HttpResponse.json([])),
    http.post(url('/api/users/passkeys/sign-in/options/'), () => {
      sent.options += 1;
      return HttpResponse.json(OPTIONS);
    }),
    http.post(url('/api/users/passkeys/sign-in/'), async ({ request }) => {
      sent.passkey.push(await request.json());
      return HttpResponse.json({ access: fakeJwt(600), refresh: 'refresh-1', user: aUser() });
    }),
    http.post(url('/api/users/login/'), async ({ request }) => {
      sent.password.push(await request.json());
      return HttpResponse.json({ access: fakeJwt(600), refresh: 'refresh-2', user: aStaffUser() });
    }),
  );
  return sent;
}

/** Whether the browser offers passkeys in autofill (conditional UI): absent means it does not say. */
function browserWithPasskeys(autofill?: boolean) {
  const credential = function PublicKeyCredential() {};
  if (autofill !== undefined) Object.assign(credential, { isConditionalMediationAvailable: () => Promise.resolve(autofill) });
  (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = credential;
}

async function openLogin() {
  const rendered = renderApp({ route: '/login' });
  await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 });
  return { ...rendered, main: within(screen.getByRole('main')), user: userEvent.setup() };
}

beforeEach(() => authenticate.mockReset());
afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  jest.restoreAllMocks();
});

describe('login screen: passkeys', () => {
  it('signs in with a passkey from the button, without an email, and lands on the home page', async () => {
    browserWithPasskeys();
    const sent = serve();
    authenticate.mockResolvedValue(CREDENTIAL);
    const { main, user, router, store } = await openLogin();
    await user.click(main.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(main.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authenticate).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false });
    expect(sent.passkey).toEqual([{ credential: CREDENTIAL, remember: true }]);
    expect(sent.password).toEqual([]);
    expect(store.getState().session).toMatchObject({ status: 'signedIn', user: { email: 'ada@example.com' } });
    expect(document.cookie).toContain('refresh_token=refresh-1');
  });

  it('shows Waiting for your passkey... while the device asks', async () => {
    browserWithPasskeys();
    serve();
    let answer: (value: typeof CREDENTIAL) => void = () => undefined;
    authenticate.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { main, user } = await openLogin();
    await user.click(main.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await main.findByRole('button', { name: 'Waiting for your passkey...' })).toBeDisabled();
    answer(CREDENTIAL);
    await waitFor(() => expect(main.queryByRole('button', { name: 'Waiting for your passkey...' })).not.toBeInTheDocument());
  });

  it('says why when the person cancels, the server refuses the passkey, or the browser has none', async () => {
    browserWithPasskeys();
    serve();
    authenticate.mockRejectedValueOnce(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const { main, user, router } = await openLogin();
    await user.click(main.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await main.findByRole('alert')).toHaveTextContent(/^The passkey request was cancelled or timed out\.$/);

    const unknown = 'This passkey is not registered on this site. Sign in with your password, then add it again on your profile.';
    server.use(http.post(url('/api/users/passkeys/sign-in/'), () => HttpResponse.json({ detail: unknown }, { status: 401 }), { once: true }));
    authenticate.mockResolvedValueOnce(CREDENTIAL);
    await user.click(main.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(main.getByRole('alert')).toHaveTextContent(unknown));
    expect(router.state.location.pathname).toBe('/login');

    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    await user.click(main.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(main.getByRole('alert')).toHaveTextContent(/^This browser cannot use passkeys\.$/));
  });

  it('waits for a passkey in the email field’s autofill where the browser offers it', async () => {
    browserWithPasskeys(true);
    const sent = serve();
    let choose: (value: typeof CREDENTIAL) => void = () => undefined;
    authenticate.mockReturnValueOnce(new Promise((resolve) => (choose = resolve)));
    const { main, router } = await openLogin();
    expect(main.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email webauthn');
    await waitFor(() => expect(authenticate).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: true }));
    // The person picks a passkey from the field's suggestions.
    choose(CREDENTIAL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent.passkey).toEqual([{ credential: CREDENTIAL }]);
  });

  it('stops waiting in autofill when the screen closes', async () => {
    browserWithPasskeys(true);
    serve();
    authenticate.mockReturnValue(new Promise(() => undefined));
    const { unmount } = await openLogin();
    await waitFor(() => expect(authenticate).toHaveBeenCalled());
    unmount();
    expect(WebAuthnAbortService.cancelCeremony).toHaveBeenCalled();
  });

  it('asks staff who must use a passkey for a recovery code with their password', async () => {
    browserWithPasskeys();
    const sent = serve();
    const required =
      'Staff sign in with a passkey on this site: choose “Sign in with a passkey”. If you have lost your passkeys, enter one of your recovery codes with your password.';
    server.use(http.post(url('/api/users/login/'), () => HttpResponse.json({ detail: required, code: 'passkey_required' }, { status: 403 }), { once: true }));
    const { main, user, router } = await openLogin();
    expect(main.queryByLabelText('Recovery code')).not.toBeInTheDocument();
    await user.type(main.getByLabelText('Email'), 'sam@example.com');
    await user.type(main.getByLabelText('Password'), 'correct horse');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    expect(await main.findByRole('alert')).toHaveTextContent(required);
    const code = main.getByLabelText('Recovery code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, 'abcd-efgh-jkmn-pqrs');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent.password).toEqual([{ email: 'sam@example.com', password: 'correct horse', recovery_code: 'abcd-efgh-jkmn-pqrs' }]);
  });
});
