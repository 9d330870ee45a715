import { signToken } from '../../../server/src/lib/tokens';
import { GOOD_PASSWORD, account, buildTestServer, claims, refresh, signIn, type Server } from './support';

const INVALID = { detail: 'Token is invalid or expired' };

describe('POST /api/token/refresh/', () => {
  let server: Server;
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(async () => {
    await server.cleanup();
  });

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

  it('detects reuse: a spent refresh token revokes its whole family', async () => {
    const first = await session();
    const second = (await refresh(server, first.refresh)).json().refresh as string;
    const reused = await refresh(server, first.refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(INVALID);
    // The legitimate holder's newer token dies with the family.
    expect((await refresh(server, second)).statusCode).toBe(401);
  });

  it('lets only one of two concurrent uses through', async () => {
    const first = await session();
    const answers = await Promise.all([refresh(server, first.refresh), refresh(server, first.refresh)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
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
    await server.db.updateTable('user_sessions').set({ expires_at: new Date(Date.now() + 1000).toISOString() }).where('family', '=', family).execute();
    const rotated = (await refresh(server, first.refresh)).json().refresh as string;
    // The new token cannot outlive the family.
    expect(Number(claims(rotated).exp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
    await server.db.updateTable('user_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('family', '=', family).execute();
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
