import type { RegistrationOptions } from '../../../server/contract/passkeys';
import { ACCOUNT_CEILING, DEVICE_CEILING, LOCKOUT_THRESHOLD } from '../../../server/src/services/loginThrottle';
import { insertUser } from '../testServer';
import { SoftAuthenticator } from './softAuthenticator';
import { buildTestServer, cookieOf, GOOD_PASSWORD, hashOnce, login, type Server, testServerFor } from './support';

const ORIGIN = 'https://site.example';
const LOCKED = /^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/;

/** `count` addresses of a documentation range, each a different client. */
const addresses = (count: number, prefix = '203.0.113') => Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);

describe('device cookies: nobody locks the owner out', () => {
  const server = testServerFor({ publicUrl: ORIGIN }, 'each');

  const owner = async () => (await insertUser(server, { email: 'olivia@example.org', is_owner: true, password: await hashOnce(GOOD_PASSWORD) })).user;

  /** A sign-in attempt as a browser at `address` sends it, with the browser's device cookie if it has one. */
  function attempt(email: string, password: string, address: string, device?: string) {
    return server.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { email, password },
      remoteAddress: address,
      ...(device ? { cookies: { device } } : {}),
    });
  }

  /** Wrong passwords from each address, as many as its own limit lets through. */
  async function guessFrom(email: string, from: string[], perAddress = LOCKOUT_THRESHOLD) {
    const answers = [];
    for (const address of from) for (let i = 0; i < perAddress; i += 1) answers.push(await attempt(email, `Wrong-Guess-${address}-${i}`, address));
    return answers;
  }

  /** The browser the owner signed in with before: its device cookie. */
  async function knownBrowser(email: string, address = '192.0.2.10') {
    const res = await attempt(email, GOOD_PASSWORD, address);
    expect(res.statusCode).toBe(200);
    return cookieOf(res, 'device')!.value;
  }

  it('60 wrong passwords from 12 addresses lock fresh browsers out for the hour, not the owner’s own browser nor a passkey', async () => {
    const { email } = await owner();
    const laptop = await knownBrowser(email);
    const { access } = (await attempt(email, GOOD_PASSWORD, '192.0.2.10', laptop)).json<{ access: string }>();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const auth = { authorization: `Bearer ${access}` };
    const options = (await server.inject({ method: 'POST', url: '/api/users/passkeys/registration/', headers: auth })).json<RegistrationOptions>();
    expect(
      (await server.inject({ method: 'POST', url: '/api/users/passkeys/', headers: auth, payload: { credential: authenticator.register(options) } }))
        .statusCode,
    ).toBe(201);

    const answers = await guessFrom(email, addresses(12));
    expect(answers).toHaveLength(60);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(ACCOUNT_CEILING);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - ACCOUNT_CEILING);

    // A browser that never signed in, at an address that never tried: the right password waits for the hour to end.
    const fresh = await attempt(email, GOOD_PASSWORD, '198.51.100.7');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().detail).toMatch(LOCKED);
    expect(cookieOf(fresh, 'device')).toBeUndefined();

    // The owner's laptop, at a new address (a café), signs in: the attackers' count is not the laptop's.
    const fromLaptop = await attempt(email, GOOD_PASSWORD, '198.51.100.8', laptop);
    expect(fromLaptop.statusCode).toBe(200);
    // It gets a new cookie, and the old one keeps working until it expires.
    expect(cookieOf(fromLaptop, 'device')!.value).not.toBe(laptop);
    expect((await attempt(email, GOOD_PASSWORD, '198.51.100.9', laptop)).statusCode).toBe(200);

    // A passkey always signs in.
    const signInOptions = (await server.inject({ method: 'POST', url: '/api/users/passkeys/sign-in/options/', remoteAddress: '198.51.100.10' })).json();
    const withPasskey = await server.inject({
      method: 'POST',
      url: '/api/users/passkeys/sign-in/',
      remoteAddress: '198.51.100.10',
      payload: { credential: authenticator.authenticate(signInOptions) },
    });
    expect(withPasskey.statusCode).toBe(200);
    expect(cookieOf(withPasskey, 'device')).toBeDefined();

    // The attackers stay locked out.
    expect((await attempt(email, 'Another-Wrong-Guess', '198.51.100.11')).statusCode).toBe(429);
  });

  it('keeps the per-address limit for a known browser too', async () => {
    const { email } = await owner();
    const laptop = await knownBrowser(email);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i += 1) expect((await attempt(email, `Wrong-${i}`, '192.0.2.20', laptop)).statusCode).toBe(401);
    expect((await attempt(email, GOOD_PASSWORD, '192.0.2.20', laptop)).statusCode).toBe(429);
  });

  it('gives a stolen cookie ten guesses an hour; after them it counts as any other browser', async () => {
    const { email } = await owner();
    const stolen = await knownBrowser(email);
    await guessFrom(email, addresses(ACCOUNT_CEILING / LOCKOUT_THRESHOLD));
    expect((await attempt(email, GOOD_PASSWORD, '198.51.100.1')).statusCode).toBe(429);

    const thief = addresses(DEVICE_CEILING / LOCKOUT_THRESHOLD, '198.51.100');
    const guesses = [];
    for (const address of thief) for (let i = 0; i < LOCKOUT_THRESHOLD; i += 1) guesses.push(await attempt(email, `Thief-${address}-${i}`, address, stolen));
    expect(guesses.map((a) => a.statusCode)).toEqual(Array(DEVICE_CEILING).fill(401));
    // The next one, even the right password, meets the account's lock.
    expect((await attempt(email, GOOD_PASSWORD, '198.51.100.99', stolen)).statusCode).toBe(429);
  });

  it('counts only for its own account, unaltered', async () => {
    const { email } = await owner();
    const other = await insertUser(server, { email: 'bob@example.org', password: await hashOnce(GOOD_PASSWORD) });
    const bobsLaptop = await attempt(other.user.email, GOOD_PASSWORD, '192.0.2.30').then((res) => cookieOf(res, 'device')!.value);
    const laptop = await knownBrowser(email);
    await guessFrom(email, addresses(ACCOUNT_CEILING / LOCKOUT_THRESHOLD));
    const [nonce, expires, signature] = laptop.split('.');
    const tampered = [
      bobsLaptop,
      `${nonce}.${Number(expires) + 1}.${signature}`,
      `${nonce.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${expires}.${signature}`,
      `${nonce}.${expires}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      'garbage',
    ];
    for (const cookie of tampered) expect([cookie, (await attempt(email, GOOD_PASSWORD, '198.51.100.50', cookie)).statusCode]).toEqual([cookie, 429]);
    expect((await attempt(email, GOOD_PASSWORD, '198.51.100.50', laptop)).statusCode).toBe(200);
  });

  it('expires after a year', async () => {
    const { email } = await owner();
    const now = Date.now();
    const yearOld = jest.spyOn(Date, 'now').mockReturnValue(now - 366 * 24 * 3600 * 1000);
    const old = await knownBrowser(email);
    yearOld.mockRestore();
    await guessFrom(email, addresses(ACCOUNT_CEILING / LOCKOUT_THRESHOLD));
    expect((await attempt(email, GOOD_PASSWORD, '198.51.100.60', old)).statusCode).toBe(429);
  });
});

describe('the device cookie', () => {
  let server: Server;
  beforeAll(async () => {
    server = await buildTestServer({ trustProxy: 1 });
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('is httpOnly, SameSite strict, for the sign-in calls only, a year long, and secure over HTTPS', async () => {
    const { user } = await insertUser(server, { email: 'ada@example.org', password: await hashOnce(GOOD_PASSWORD) });
    const overHttp = await login(server, user.email, GOOD_PASSWORD, {});
    expect(cookieOf(overHttp, 'device')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/', maxAge: 31536000 });
    expect(cookieOf(overHttp, 'device')!.secure).toBeUndefined();
    const proxied = await server.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { email: user.email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(cookieOf(proxied, 'device')).toMatchObject({ secure: true, httpOnly: true });
  });
});
