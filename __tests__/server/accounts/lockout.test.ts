import { ACCOUNT_CEILING, LOCKOUT_THRESHOLD, lockSeconds } from '../../../server/src/services/loginThrottle';
import { account, GOOD_PASSWORD, login, testServerFor } from './support';

const FAILED = { detail: 'No active account found with the given credentials' };

describe('per-account lockout', () => {
  const server = testServerFor();

  async function failTimes(email: string, times: number) {
    const answers = [];
    for (let i = 0; i < times; i += 1) answers.push(await login(server, email, `Wrong-Guess-${i}-xyz`));
    return answers;
  }

  async function unlockNow(email: string) {
    await server.db
      .updateTable('abuse_counters')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('scope', '=', 'login-address')
      .where('subject', '=', email.toLowerCase())
      .execute();
  }

  async function lockedUntil(email: string) {
    const row = await server.db
      .selectFrom('abuse_counters')
      .selectAll()
      .where('scope', '=', 'login-address')
      .where('subject', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
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

  it('checks at most five passwords of twenty sent at once, and the owner still signs in from another address', async () => {
    const { user } = await account(server, { email: 'burst@example.org' });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => login(server, user.email, `Wrong-Guess-${i}-xyz`)));
    const codes = burst.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOCKOUT_THRESHOLD);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - LOCKOUT_THRESHOLD);
    expect(burst.find((a) => a.statusCode === 429)!.headers['retry-after']).toBeDefined();

    const elsewhere = await login(server, user.email, GOOD_PASSWORD, {}, '203.0.113.9');
    expect(elsewhere.statusCode).toBe(200);
    // Signing in elsewhere does not wipe the attacker's count.
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(429);
  });

  it('caps attempts on one account across many addresses', async () => {
    const { user } = await account(server, { email: 'spread@example.org' });
    const addresses = Array.from({ length: ACCOUNT_CEILING + 5 }, (_, i) => `198.51.100.${i + 1}`);
    const answers = await Promise.all(addresses.map((ip, i) => login(server, user.email, `Wrong-Guess-${i}-xyz`, {}, ip)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(ACCOUNT_CEILING);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
  });

  it('doubles from one minute up to an hour', () => {
    expect([4, 5, 6, 7, 8, 10, 11, 40].map(lockSeconds)).toEqual([0, 60, 120, 240, 480, 1920, 3600, 3600]);
  });
});
