import { signToken } from '../../../server/src/lib/tokens';
import { REFRESH_GRACE_SECONDS } from '../../../server/src/services/sessions';
import { account, claims, GOOD_PASSWORD, refresh, signIn, testServerFor } from './support';

const INVALID = { detail: 'Token is invalid or expired' };

describe('POST /api/token/refresh/', () => {
  const server = testServerFor();

  async function session() {
    const { user } = await account(server);
    return { user, ...(await signIn(server, user.email, GOOD_PASSWORD)) };
  }

  it('rotates: answers a new access and a new refresh token of the same family', async () => {
    const first = await session();
    const res = await refresh(server, first.refresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(body.refresh).not.toBe(first.refresh);
    expect(claims(body.refresh).fam).toBe(claims(first.refresh).fam);
    expect(claims(body.access).typ).toBe('access');
    const profile = await server.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${body.access}` } });
    expect(profile.statusCode).toBe(200);
    expect((await refresh(server, body.refresh)).statusCode).toBe(200);
  });

  /** Moves the spending of a refresh token into the past, as if the replay came that much later. */
  async function spentSecondsAgo(token: string, seconds: number) {
    await server.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('jti', '=', String(claims(token).jti))
      .execute();
  }

  it('detects reuse: a spent refresh token presented after the grace window revokes its whole family', async () => {
    const first = await session();
    const second = (await refresh(server, first.refresh)).json().refresh as string;
    await spentSecondsAgo(first.refresh, REFRESH_GRACE_SECONDS + 1);
    const reused = await refresh(server, first.refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(INVALID);
    // The legitimate holder's newer token dies with the family.
    expect((await refresh(server, second)).statusCode).toBe(401);
  });

  it('answers tabs racing with one token the same current pair, and the sign-in lives on', async () => {
    const first = await session();
    const answers = await Promise.all([1, 2, 3].map(() => refresh(server, first.refresh)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const refreshes = new Set(answers.map((r) => r.json().refresh as string));
    expect(refreshes.size).toBe(1);
    for (const answer of answers) {
      const profile = await server.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${answer.json().access}` } });
      expect(profile.statusCode).toBe(200);
    }
    expect((await refresh(server, [...refreshes][0])).statusCode).toBe(200);
  });

  it('answers a spent token presented within the grace window with the current pair of the sign-in', async () => {
    const first = await session();
    const second = (await refresh(server, first.refresh)).json().refresh as string;
    await spentSecondsAgo(first.refresh, REFRESH_GRACE_SECONDS - 5);
    const late = await refresh(server, first.refresh);
    expect(late.statusCode).toBe(200);
    expect(claims(late.json().refresh).jti).toBe(claims(second).jti);
    const third = await refresh(server, second);
    expect(third.statusCode).toBe(200);
    // The grace covers only the sign-in's current token: once that moved on, it follows.
    const again = await refresh(server, first.refresh);
    expect(claims(again.json().refresh).jti).toBe(claims(third.json().refresh).jti);
  });

  it('keeps the remember lifetime across rotations', async () => {
    const { user } = await account(server);
    const remembered = await signIn(server, user.email, GOOD_PASSWORD, { remember: true });
    const rotated = (await refresh(server, remembered.refresh)).json().refresh as string;
    expect((Number(claims(rotated).exp) - Date.now() / 1000) / 86400).toBeGreaterThan(29.9);
  });

  it('ends at the family’s absolute lifetime however often it was refreshed', async () => {
    const first = await session();
    const family = String(claims(first.refresh).fam);
    await server.db
      .updateTable('user_sessions')
      .set({ expires_at: new Date(Date.now() + 1000).toISOString() })
      .where('family', '=', family)
      .execute();
    const rotated = (await refresh(server, first.refresh)).json().refresh as string;
    // The new token cannot outlive the family.
    expect(Number(claims(rotated).exp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
    await server.db
      .updateTable('user_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('family', '=', family)
      .execute();
    expect((await refresh(server, rotated)).statusCode).toBe(401);
  });

  it('refuses expired, tampered, foreign-signed and wrong-type tokens', async () => {
    const first = await session();
    const secret = server.config.secrets.jwt;
    const expired = await signToken(secret, 'refresh', first.user.id, -10, { family: String(claims(first.refresh).fam) });
    const [head, , sig] = first.refresh.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims(first.refresh), sub: '999' })).toString('base64url');
    const foreign = await signToken('another-secret-'.padEnd(48, 'z'), 'refresh', first.user.id, 3600, { family: 'x' });
    for (const token of [expired.token, `${head}.${forgedPayload}.${sig}`, foreign.token, first.access, 'not-a-jwt']) {
      const res = await refresh(server, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    // A well-signed token the server never issued (unknown jti).
    const unknown = await signToken(secret, 'refresh', first.user.id, 3600, { family: String(claims(first.refresh).fam) });
    expect((await refresh(server, unknown.token)).statusCode).toBe(401);
  });

  it('refuses the refresh of a deactivated or deleted account', async () => {
    const first = await session();
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', first.user.id).execute();
    expect((await refresh(server, first.refresh)).statusCode).toBe(401);
    const second = await session();
    await server.db.deleteFrom('users').where('id', '=', second.user.id).execute();
    expect((await refresh(server, second.refresh)).statusCode).toBe(401);
  });

  it('answers a malformed body with 400', async () => {
    expect((await server.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} })).json()).toEqual({ refresh: ['This field is required.'] });
    expect((await server.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: { a: 1 } } })).statusCode).toBe(400);
    const res = await server.inject({ method: 'POST', url: '/api/token/refresh/', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });
});
