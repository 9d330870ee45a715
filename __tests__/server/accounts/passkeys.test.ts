import type { Passkey, RegistrationOptions, SignInSecurity } from '../../../server/contract/passkeys';
import { resetPasswordByOperator } from '../../../server/src/services/staffAccounts';
import { insertUser } from '../testServer';
import { SoftAuthenticator } from './softAuthenticator';
import { account, GOOD_PASSWORD, hashOnce, login, OTHER_PASSWORD, testServerFor } from './support';

const ORIGIN = 'https://site.example';
const MESSAGES = {
  expired: { detail: 'The passkey request expired. Please try again.' },
  notVerified: { detail: 'The passkey could not be verified. Please try again.' },
  duplicate: { detail: 'This passkey is already registered.' },
  unknown: { detail: 'This passkey is not registered on this site. Sign in with your password, then add it again on your profile.' },
  signInFailed: { detail: 'Signing in with this passkey failed. Please try again.' },
  lastRequired: { detail: 'Staff must sign in with a passkey: add another passkey before removing your last one.' },
  loginFailed: { detail: 'No active account found with the given credentials' },
  passkeyRequired: {
    detail:
      'Staff sign in with a passkey on this site: choose “Sign in with a passkey”. If you have lost your passkeys, enter one of your recovery codes with your password.',
    code: 'passkey_required',
  },
  badRecoveryCode: { detail: 'That recovery code is not valid or has already been used.', code: 'passkey_required' },
  ownerOnly: { detail: 'Only the site’s owner can change how staff sign in.' },
};

type Headers = Record<string, string>;

describe('passkeys', () => {
  // A fresh site for each test: the owner is one account per site.
  const server = testServerFor({ publicUrl: ORIGIN }, 'each');
  let serial = 0;
  const email = (name: string) => `${name}-${(serial += 1)}@example.org`;

  const registrationOptions = async (auth: Headers) => {
    const res = await server.inject({ method: 'POST', url: '/api/users/passkeys/registration/', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json<RegistrationOptions>();
  };
  const create = (auth: Headers, payload: object) => server.inject({ method: 'POST', url: '/api/users/passkeys/', headers: auth, payload });
  async function addPasskey(auth: Headers, authenticator: SoftAuthenticator, name = 'Laptop') {
    const res = await create(auth, { name, credential: authenticator.register(await registrationOptions(auth)) });
    expect(res.statusCode).toBe(201);
    return res.json<Passkey>();
  }
  const list = async (auth: Headers) => (await server.inject({ method: 'GET', url: '/api/users/passkeys/', headers: auth })).json<Passkey[]>();
  const signInOptions = async () => (await server.inject({ method: 'POST', url: '/api/users/passkeys/sign-in/options/' })).json();
  async function passkeySignIn(authenticator: SoftAuthenticator, using: Parameters<SoftAuthenticator['authenticate']>[1] = {}, extra: object = {}) {
    const credential = authenticator.authenticate(await signInOptions(), using);
    return server.inject({ method: 'POST', url: '/api/users/passkeys/sign-in/', payload: { credential, ...extra } });
  }
  const security = (auth: Headers) => server.inject({ method: 'GET', url: '/api/admin/sign-in-security/', headers: auth });
  const requirePasskeys = (auth: Headers, required: unknown) =>
    server.inject({ method: 'PATCH', url: '/api/admin/sign-in-security/', headers: auth, payload: { staff_passkeys_required: required } });
  const staffAccount = async (name: string, fields: { is_owner?: boolean } = {}) =>
    insertUser(server, { email: email(name), is_staff: true, password: await hashOnce(GOOD_PASSWORD), ...fields });

  describe('on the profile', () => {
    it('are added with a name, listed with when they were last used, renamed and removed', async () => {
      const { auth } = await account(server, { email: email('ada') });
      const authenticator = new SoftAuthenticator(ORIGIN);
      const options = await registrationOptions(auth);
      expect(options).toMatchObject({
        rp: { id: 'site.example', name: 'site.example' },
        user: { name: expect.stringMatching(/^ada-\d+@example.org$/), displayName: 'Test User' },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        attestation: 'none',
        excludeCredentials: [],
      });
      const created = await create(auth, { name: ' Work laptop ', credential: authenticator.register(options) });
      expect(created.statusCode).toBe(201);
      const passkey = created.json<Passkey>();
      expect(passkey).toEqual({
        id: expect.any(Number),
        name: 'Work laptop',
        created_at: expect.stringMatching(/^\d{4}-/),
        last_used_at: null,
        backed_up: false,
      });

      // The next registration keeps the account's handle and leaves out the passkey it has.
      const again = await registrationOptions(auth);
      expect(again.user.id).toBe(options.user.id);
      expect(again.excludeCredentials).toEqual([{ id: [...authenticator.keys.keys()][0], type: 'public-key', transports: ['internal'] }]);
      const unnamed = await create(auth, { name: '  ', credential: new SoftAuthenticator(ORIGIN).register(again) });
      expect(unnamed.json()).toMatchObject({ name: 'Passkey 2' });

      const signedIn = await passkeySignIn(authenticator);
      expect(signedIn.statusCode).toBe(200);
      expect((await list(auth)).map((p) => [p.name, p.last_used_at === null])).toEqual([
        ['Work laptop', false],
        ['Passkey 2', true],
      ]);

      const renamed = await server.inject({ method: 'PATCH', url: `/api/users/passkeys/${passkey.id}/`, headers: auth, payload: { name: 'Old laptop' } });
      expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Old laptop' });
      const blank = await server.inject({ method: 'PATCH', url: `/api/users/passkeys/${passkey.id}/`, headers: auth, payload: { name: ' ' } });
      expect([blank.statusCode, blank.json()]).toEqual([400, { name: ['This field may not be blank.'] }]);
      const long = await server.inject({ method: 'PATCH', url: `/api/users/passkeys/${passkey.id}/`, headers: auth, payload: { name: 'x'.repeat(61) } });
      expect(long.statusCode).toBe(400);

      const removed = await server.inject({ method: 'DELETE', url: `/api/users/passkeys/${passkey.id}/`, headers: auth });
      expect(removed.statusCode).toBe(204);
      expect((await list(auth)).map((p) => p.name)).toEqual(['Passkey 2']);
      // A removed passkey no longer signs in.
      expect((await passkeySignIn(authenticator)).json()).toEqual(MESSAGES.unknown);
    });

    it('belong to their owner alone', async () => {
      const ada = await account(server, { email: email('ada') });
      const eve = await account(server, { email: email('eve') });
      const passkey = await addPasskey(ada.auth, new SoftAuthenticator(ORIGIN));
      expect(await list(eve.auth)).toEqual([]);
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await server.inject({ method, url: `/api/users/passkeys/${passkey.id}/`, headers: eve.auth, payload: { name: 'Mine now' } });
        expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
      }
      expect((await list(ada.auth)).map((p) => p.name)).toEqual(['Laptop']);
      for (const [method, url] of [
        ['GET', '/api/users/passkeys/'],
        ['POST', '/api/users/passkeys/registration/'],
        ['POST', '/api/users/passkeys/'],
        ['GET', '/api/users/recovery-codes/'],
        ['POST', '/api/users/recovery-codes/'],
      ] as const) {
        expect([url, (await server.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode]).toEqual([url, 401]);
      }
    });

    it('are refused when the challenge is spent, expired or another user’s, the origin is another site’s, or the passkey is known', async () => {
      const { auth } = await account(server, { email: email('ada') });
      const other = await account(server, { email: email('bob') });
      const authenticator = new SoftAuthenticator(ORIGIN);
      const options = await registrationOptions(auth);
      const credential = authenticator.register(options);
      expect((await create(auth, { credential })).statusCode).toBe(201);
      // The same answer again: its challenge was spent.
      const replay = await create(auth, { credential });
      expect([replay.statusCode, replay.json()]).toEqual([400, MESSAGES.expired]);
      // A challenge handed to someone else.
      const stolen = await create(other.auth, { credential: new SoftAuthenticator(ORIGIN).register(await registrationOptions(auth)) });
      expect([stolen.statusCode, stolen.json()]).toEqual([400, MESSAGES.expired]);
      // A challenge past its five minutes.
      const late = await registrationOptions(auth);
      await server.db
        .updateTable('webauthn_challenges')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await create(auth, { credential: new SoftAuthenticator(ORIGIN).register(late) })).json()).toEqual(MESSAGES.expired);
      // A page of another site relaying our options.
      const phished = await create(auth, {
        credential: new SoftAuthenticator(ORIGIN).register(await registrationOptions(auth), { origin: 'https://evil.example' }),
      });
      expect([phished.statusCode, phished.json()]).toEqual([400, MESSAGES.notVerified]);
      // An authenticator that did not verify its holder.
      const unverified = await create(auth, { credential: new SoftAuthenticator(ORIGIN, { userVerified: false }).register(await registrationOptions(auth)) });
      expect([unverified.statusCode, unverified.json()]).toEqual([400, MESSAGES.notVerified]);
      // The same passkey added a second time.
      const known = authenticator.register(await registrationOptions(auth));
      await server.db.updateTable('passkeys').set({ credential_id: known.id }).where('credential_id', '=', credential.id).execute();
      const duplicate = await create(auth, { credential: known });
      expect([duplicate.statusCode, duplicate.json()]).toEqual([409, MESSAGES.duplicate]);
      expect(await list(auth)).toHaveLength(1);
    });
  });

  describe('signing in', () => {
    it('signs in with any passkey the browser holds, without an email, and remembers the browser', async () => {
      const { user, auth } = await account(server, { email: email('ada') });
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(auth, authenticator);
      const options = await signInOptions();
      // No list of passkeys: the browser offers the ones it holds for the site (discoverable credentials).
      expect(options).toEqual({ challenge: expect.any(String), rpId: 'site.example', timeout: 300000, userVerification: 'required' });
      const res = await server.inject({
        method: 'POST',
        url: '/api/users/passkeys/sign-in/',
        payload: { credential: authenticator.authenticate(options), remember: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        user: expect.objectContaining({ id: user.id, email: user.email }),
      });
      const profile = await server.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${res.json().access}` } });
      expect(profile.statusCode).toBe(200);
      const device = res.cookies.find((c) => c.name === 'device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/', maxAge: 365 * 24 * 3600 });
      // Remember me: a session of thirty days.
      const sessions = await server.db.selectFrom('user_sessions').select('remember').where('user_id', '=', user.id).orderBy('id', 'desc').execute();
      expect(sessions[0].remember).toBe(1);
    });

    it('refuses a spent challenge, an unknown passkey, another account’s handle, a bad signature, a replayed counter and an inactive account', async () => {
      const { user, auth } = await account(server, { email: email('ada') });
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(auth, authenticator);

      const credential = authenticator.authenticate(await signInOptions());
      const send = (payload: object) => server.inject({ method: 'POST', url: '/api/users/passkeys/sign-in/', payload });
      expect((await send({ credential })).statusCode).toBe(200);
      const replay = await send({ credential });
      expect([replay.statusCode, replay.json()]).toEqual([400, MESSAGES.expired]);

      const stranger = new SoftAuthenticator(ORIGIN);
      stranger.register(await registrationOptions(auth));
      expect((await passkeySignIn(stranger)).json()).toEqual(MESSAGES.unknown);

      const wrongHandle = await passkeySignIn(authenticator, { userHandle: 'c29tZW9uZS1lbHNl' });
      expect([wrongHandle.statusCode, wrongHandle.json()]).toEqual([401, MESSAGES.signInFailed]);
      const otherSite = await passkeySignIn(authenticator, { rpId: 'evil.example' });
      expect([otherSite.statusCode, otherSite.json()]).toEqual([401, MESSAGES.signInFailed]);

      const forged = authenticator.authenticate(await signInOptions());
      forged.response.signature = Buffer.from('not a signature').toString('base64url');
      expect((await send({ credential: forged })).json()).toEqual(MESSAGES.signInFailed);

      // A cloned authenticator shows an old counter.
      await server.db.updateTable('passkeys').set({ sign_count: 1000 }).where('user_id', '=', user.id).execute();
      expect((await passkeySignIn(authenticator)).json()).toEqual(MESSAGES.signInFailed);
      await server.db.updateTable('passkeys').set({ sign_count: 0 }).where('user_id', '=', user.id).execute();

      await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
      const inactive = await passkeySignIn(authenticator);
      expect([inactive.statusCode, inactive.json()]).toEqual([401, MESSAGES.loginFailed]);
    });
  });

  describe('required of staff by the owner', () => {
    it('only the owner changes the setting, every staff member sees it, and each change is in the audit log', async () => {
      const owner = await staffAccount('owner', { is_owner: true });
      const staff = await staffAccount('sam');
      const member = await account(server, { email: email('member') });
      await addPasskey(staff.auth, new SoftAuthenticator(ORIGIN));

      const seen = await security(staff.auth);
      expect(seen.json<SignInSecurity>()).toEqual({ staff_passkeys_required: false, viewer_is_owner: false, staff_count: 2, staff_with_passkeys: 1 });
      expect((await security(owner.auth)).json()).toMatchObject({ viewer_is_owner: true });
      expect((await security(member.auth)).statusCode).toBe(403);

      const refused = await requirePasskeys(staff.auth, true);
      expect([refused.statusCode, refused.json()]).toEqual([403, MESSAGES.ownerOnly]);
      expect((await requirePasskeys(owner.auth, 'yes')).json()).toEqual({ staff_passkeys_required: ['Must be a valid boolean.'] });
      const changed = await requirePasskeys(owner.auth, true);
      expect(changed.json()).toMatchObject({ staff_passkeys_required: true, viewer_is_owner: true });
      expect((await security(staff.auth)).json()).toMatchObject({ staff_passkeys_required: true });
      await requirePasskeys(owner.auth, false);
      const lines = await server.db.selectFrom('audit_log').select(['actor_email', 'action']).where('subject', '=', 'staff sign-in').orderBy('id').execute();
      expect(lines).toEqual([
        { actor_email: owner.user.email, action: 'staff_sign_in.passkeys_required' },
        { actor_email: owner.user.email, action: 'staff_sign_in.passkeys_optional' },
      ]);
    });

    it('refuses the password alone to staff with a passkey; a recovery code, a passkey or the operator’s reset lets them in', async () => {
      const owner = await staffAccount('owner', { is_owner: true });
      const staff = await staffAccount('sam');
      const newcomer = await staffAccount('newcomer');
      const member = await account(server, { email: email('member') });
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(staff.auth, authenticator);
      await addPasskey(member.auth, new SoftAuthenticator(ORIGIN));

      expect((await login(server, staff.user.email, GOOD_PASSWORD)).statusCode).toBe(200);
      await requirePasskeys(owner.auth, true);

      const refused = await login(server, staff.user.email, GOOD_PASSWORD);
      expect([refused.statusCode, refused.json()]).toEqual([403, MESSAGES.passkeyRequired]);
      // Only someone with the password learns it.
      expect((await login(server, staff.user.email, OTHER_PASSWORD)).json()).toEqual(MESSAGES.loginFailed);
      // Staff without a passkey yet, and members, still sign in with their password.
      expect((await login(server, newcomer.user.email, GOOD_PASSWORD)).statusCode).toBe(200);
      expect((await login(server, member.user.email, GOOD_PASSWORD)).statusCode).toBe(200);
      expect((await passkeySignIn(authenticator)).statusCode).toBe(200);

      const codes = await server.inject({ method: 'POST', url: '/api/users/recovery-codes/', headers: staff.auth });
      expect(codes.statusCode).toBe(201);
      const [first, second] = codes.json<{ codes: string[] }>().codes;
      const wrong = await login(server, staff.user.email, GOOD_PASSWORD, { recovery_code: 'abcd-efgh-jkmn-pqrs' });
      expect([wrong.statusCode, wrong.json()]).toEqual([401, MESSAGES.badRecoveryCode]);
      // Typed in capitals and without dashes, it still counts.
      expect((await login(server, staff.user.email, GOOD_PASSWORD, { recovery_code: first.toUpperCase().replace(/-/g, ' ') })).statusCode).toBe(200);
      expect((await login(server, staff.user.email, GOOD_PASSWORD, { recovery_code: first })).json()).toEqual(MESSAGES.badRecoveryCode);
      // A code needs the password too.
      expect((await login(server, staff.user.email, OTHER_PASSWORD, { recovery_code: second })).json()).toEqual(MESSAGES.loginFailed);
      expect((await login(server, staff.user.email, GOOD_PASSWORD, { recovery_code: second })).statusCode).toBe(200);

      // The last passkey stays while it is required.
      const [only] = await list(staff.auth);
      const keep = await server.inject({ method: 'DELETE', url: `/api/users/passkeys/${only.id}/`, headers: staff.auth });
      expect([keep.statusCode, keep.json()]).toEqual([409, MESSAGES.lastRequired]);

      // The operator's reset is the last way back: the new password alone signs in.
      const reset = await resetPasswordByOperator(server.db, staff.user.email, OTHER_PASSWORD);
      expect(reset.passkeysRemoved).toBe(1);
      expect((await login(server, staff.user.email, OTHER_PASSWORD)).statusCode).toBe(200);
      expect(await server.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', staff.user.id).execute()).toEqual([]);
      await requirePasskeys(owner.auth, false);
    });
  });

  describe('recovery codes', () => {
    it('are shown once, kept only as hashes, each used once, and replaced by new ones', async () => {
      const { user, auth } = await account(server, { email: email('ada') });
      const status = async () => (await server.inject({ method: 'GET', url: '/api/users/recovery-codes/', headers: auth })).json();
      expect(await status()).toEqual({ remaining: 0 });
      const { codes } = (await server.inject({ method: 'POST', url: '/api/users/recovery-codes/', headers: auth })).json<{ codes: string[] }>();
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
      const stored = await server.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
      expect(stored.map((row) => row.code_hash)).toEqual(expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]));
      expect(JSON.stringify(stored)).not.toContain(codes[0]);
      expect(await status()).toEqual({ remaining: 10 });

      const owner = await staffAccount('owner', { is_owner: true });
      await server.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', user.id).execute();
      await addPasskey(auth, new SoftAuthenticator(ORIGIN));
      await requirePasskeys(owner.auth, true);
      expect((await login(server, user.email, GOOD_PASSWORD, { recovery_code: codes[3] })).statusCode).toBe(200);
      expect(await status()).toEqual({ remaining: 9 });

      const renewed = (await server.inject({ method: 'POST', url: '/api/users/recovery-codes/', headers: auth })).json<{ codes: string[] }>().codes;
      expect(await status()).toEqual({ remaining: 10 });
      expect((await login(server, user.email, GOOD_PASSWORD, { recovery_code: codes[4] })).json()).toEqual(MESSAGES.badRecoveryCode);
      expect((await login(server, user.email, GOOD_PASSWORD, { recovery_code: renewed[4] })).statusCode).toBe(200);
      await requirePasskeys(owner.auth, false);
    });
  });
});
