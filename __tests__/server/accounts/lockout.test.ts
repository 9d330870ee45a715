import { LOCKOUT_THRESHOLD, lockSeconds } from '../../../server/src/services/loginThrottle';
import { GOOD_PASSWORD, account, buildTestServer, login, type Server } from './support';

const FAILED = { detail: 'No active account found with the given credentials' };

describe('per-account lockout', () => {
  let server: Server;
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(async () => {
    await server.cleanup();
  });

  async function failTimes(email: string, times: number) {
    const answers = [];
    for (let i = 0; i < times; i += 1) answers.push(await login(server, email, `Wrong-Guess-${i}-xyz`));
    return answers;
  }

  async function unlockNow(email: string) {
    await server.db.updateTable('login_throttles').set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where('email_normalized', '=', email.toLowerCase()).execute();
  }

  async function lockedUntil(email: string) {
    const row = await server.db.selectFrom('login_throttles').selectAll().where('email_normalized', '=', email.toLowerCase()).executeTakeFirstOrThrow();
    return (Date.parse(row.locked_until!) - Date.now()) / 1000;
  }

  it('locks after five failures, even against the right password, with a growing backoff', async () => {
    const { user } = await account(server, { email: 'target@example.org' });
    const answers = await failTimes(user.email, LOCKOUT_THRESHOLD);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const locked = await login(server, user.email, GOOD_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed sign-in attempts. Try again in 60 seconds.' });
    expect(Number(locked.headers['retry-after'])).toBe(60);
    expect(await lockedUntil(user.email)).toBeCloseTo(60, -1);

    // The lock runs out; the next failure locks twice as long.
    await unlockNow(user.email);
    expect((await failTimes(user.email, 1))[0].statusCode).toBe(401);
    expect(await lockedUntil(user.email)).toBeCloseTo(120, -1);
    const doubled = await login(server, 'TARGET@example.org', GOOD_PASSWORD);
    expect(doubled.statusCode).toBe(429);
    expect(doubled.json()).toEqual({ detail: 'Too many failed sign-in attempts. Try again in 2 minutes.' });

    // After the lock, the right password signs in and the count starts again.
    await unlockNow(user.email);
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await failTimes(user.email, 4)).map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('treats an unknown email exactly like a known one, so a lock reveals nothing', async () => {
    const { user } = await account(server, { email: 'exists@example.org' });
    const known = [...(await failTimes(user.email, LOCKOUT_THRESHOLD)), await login(server, user.email, 'another-guess')];
    const unknown = [...(await failTimes('ghost@example.org', LOCKOUT_THRESHOLD)), await login(server, 'ghost@example.org', 'another-guess')];
    expect(unknown.map((a) => a.statusCode)).toEqual(known.map((a) => a.statusCode));
    expect(unknown.map((a) => a.json())).toEqual(known.map((a) => a.json()));
    expect(known[0].json()).toEqual(FAILED);
    expect(known[5].statusCode).toBe(429);
  });

  it('doubles from one minute up to an hour', () => {
    expect([4, 5, 6, 7, 8, 10, 11, 40].map(lockSeconds)).toEqual([0, 60, 120, 240, 480, 1920, 3600, 3600]);
  });
});
