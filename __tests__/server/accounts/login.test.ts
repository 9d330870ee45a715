import { hash } from '@node-rs/argon2';
import { Value } from '@sinclair/typebox/value';

import { LoginResponseSchema } from '../../../server/contract';
import { AUDIENCE, ISSUER } from '../../../server/src/lib/tokens';
import { account, buildTestServer, claims, GOOD_PASSWORD, login, refresh, signIn, testServerFor } from './support';

const FAILED = { detail: 'No active account found with the given credentials' };

describe('POST /api/users/login/', () => {
  const server = testServerFor();

  it('answers {access, refresh, user} and records the sign-in', async () => {
    const { user } = await account(server, { email: 'Sign.In@example.org', first_name: 'Sign' });
    const res = await login(server, 'sign.in@example.org', GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(LoginResponseSchema, body)).toBe(true);
    expect(body.user).toMatchObject({ id: user.id, email: 'Sign.In@example.org', first_name: 'Sign', is_staff: false });
    expect(body.user.last_login).toEqual(expect.any(String));
    const row = await server.db.selectFrom('users').select('last_login').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.last_login).toBe(body.user.last_login);
  });

  it('issues an access token of minutes (exp in seconds) and a refresh token of one day, with distinct types', async () => {
    const { user } = await account(server);
    const { access, refresh: refreshToken } = await signIn(server, user.email, GOOD_PASSWORD);
    const now = Math.floor(Date.now() / 1000);
    const a = claims(access);
    const r = claims(refreshToken);
    expect(a).toMatchObject({ typ: 'access', sub: String(user.id), iss: ISSUER, aud: AUDIENCE });
    expect(r).toMatchObject({ typ: 'refresh', sub: String(user.id), iss: ISSUER, aud: AUDIENCE });
    expect(Number(a.exp) - now).toBeGreaterThan(60);
    expect(Number(a.exp) - now).toBeLessThanOrEqual(15 * 60);
    expect(Number(r.exp) - now).toBeGreaterThan(23 * 3600);
    expect(Number(r.exp) - now).toBeLessThanOrEqual(24 * 3600);
    // Not interchangeable.
    expect((await server.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: `Bearer ${refreshToken}` } })).statusCode).toBe(401);
    expect((await refresh(server, access)).statusCode).toBe(401);
  });

  it('lengthens the refresh token to 30 days with remember', async () => {
    const { user } = await account(server);
    const { refresh: refreshToken } = await signIn(server, user.email, GOOD_PASSWORD, { remember: true });
    const days = (Number(claims(refreshToken).exp) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('gives one answer for an unknown email, a wrong password and an inactive account', async () => {
    const { user } = await account(server, { email: 'inactive@example.org' });
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const { user: active } = await account(server, { email: 'active@example.org' });

    const unknown = await login(server, 'nobody@example.org', GOOD_PASSWORD);
    const wrong = await login(server, active.email, 'Wrong-Password-123');
    const inactive = await login(server, user.email, GOOD_PASSWORD);
    for (const res of [unknown, wrong, inactive]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(FAILED);
    }
  });

  it('refuses an account with an unusable password', async () => {
    const { user } = await account(server);
    await server.db.updateTable('users').set({ password: '!unusable' }).where('id', '=', user.id).execute();
    const res = await login(server, user.email, '!unusable');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
  });

  it('re-hashes a password stored with older argon2 parameters', async () => {
    const { user } = await account(server);
    const weak = await hash(GOOD_PASSWORD, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    await server.db.updateTable('users').set({ password: weak }).where('id', '=', user.id).execute();
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const row = await server.db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('requires email and password', async () => {
    expect((await server.inject({ method: 'POST', url: '/api/users/login/', payload: { email: 'a@example.org' } })).json()).toEqual({
      password: ['This field is required.'],
    });
    expect((await server.inject({ method: 'POST', url: '/api/users/login/', payload: { email: '', password: 'x' } })).json()).toEqual({
      email: ['This field may not be blank.'],
    });
    const notBoolean = await login(server, 'a@example.org', 'x', { remember: 'often' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toEqual({ remember: ['Must be a valid boolean.'] });
  });
});

describe('access-token lifetime', () => {
  it('follows the configured ACCESS_TOKEN_SECONDS', async () => {
    const server = await buildTestServer({ accessTokenSeconds: 7 });
    try {
      const { user } = await account(server);
      const { access, refresh: refreshToken } = await signIn(server, user.email, GOOD_PASSWORD);
      expect(Number(claims(access).exp) - Number(claims(access).iat)).toBe(7);
      const rotated = (await refresh(server, refreshToken)).json().access as string;
      expect(Number(claims(rotated).exp) - Number(claims(rotated).iat)).toBe(7);
    } finally {
      await server.cleanup();
    }
  });
});

describe('POST /api/users/logout/', () => {
  const server = testServerFor();

  it('revokes the presented refresh token, and is harmless twice', async () => {
    const { user } = await account(server);
    const { refresh: refreshToken } = await signIn(server, user.email, GOOD_PASSWORD);
    const other = await signIn(server, user.email, GOOD_PASSWORD);
    const res = await server.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect((await refresh(server, refreshToken)).statusCode).toBe(401);
    expect((await server.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: refreshToken } })).statusCode).toBe(200);
    // Another device stays signed in.
    expect((await refresh(server, other.refresh)).statusCode).toBe(200);
  });

  it('refuses what is not a refresh token of ours', async () => {
    const { token } = await account(server);
    for (const refreshToken of ['garbage', token]) {
      const res = await server.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: refreshToken } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Token is invalid or expired' });
    }
    expect((await server.inject({ method: 'POST', url: '/api/users/logout/', payload: {} })).json()).toEqual({
      refresh: ['This field is required.'],
    });
  });
});
