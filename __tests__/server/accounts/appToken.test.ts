import crypto from 'node:crypto';

import { Value } from '@sinclair/typebox/value';

import { LoginResponseSchema } from '../../../server/contract';
import { account, buildTestServer, cookieOf, refresh, type Server } from './support';

describe('app-token login', () => {
  let server: Server;
  let csrf: string;
  beforeAll(async () => {
    server = await buildTestServer();
    const res = await server.inject({ method: 'GET', url: '/api/csrf/' });
    csrf = cookieOf(res, 'csrftoken')!.value;
  });
  afterAll(async () => {
    await server.cleanup();
  });

  const issue = (auth: Record<string, string>) => server.inject({ method: 'POST', url: '/api/users/app-token/', headers: auth });
  const redeem = (token: unknown, headers: Record<string, string> = { 'x-csrftoken': csrf }, cookies: Record<string, string> = { csrftoken: csrf }) =>
    server.inject({ method: 'POST', url: '/login-with-token/', payload: { token }, headers, cookies });

  it('issues a one-time token of at least 128 bits to a signed-in user, stored only hashed', async () => {
    const { user, auth } = await account(server);
    const res = await issue(auth);
    expect(res.statusCode).toBe(201);
    const { token, expires_in: expiresIn } = res.json();
    expect(expiresIn).toBe(300);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await server.db.selectFrom('app_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await server.inject({ method: 'POST', url: '/api/users/app-token/' })).statusCode).toBe(401);
  });

  it('signs in with the token once: {access, refresh, user}', async () => {
    const { user, auth } = await account(server, { first_name: 'Native' });
    const { token } = (await issue(auth)).json();
    const res = await redeem(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(LoginResponseSchema, body)).toBe(true);
    expect(body.user).toMatchObject({ id: user.id, first_name: 'Native' });
    expect((await refresh(server, body.refresh)).statusCode).toBe(200);
    const again = await redeem(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Invalid or expired app token.' });
  });

  it('refuses an expired, unknown or deactivated user’s token', async () => {
    const { user, auth } = await account(server);
    const { token } = (await issue(auth)).json();
    await server.db
      .updateTable('app_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await redeem(token)).statusCode).toBe(401);
    expect((await redeem(crypto.randomBytes(32).toString('base64url'))).statusCode).toBe(401);
    const { token: second } = (await issue(auth)).json();
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await redeem(second)).statusCode).toBe(401);
  });

  it('requires the CSRF cookie and a matching X-CSRFToken header', async () => {
    const { auth } = await account(server);
    const { token } = (await issue(auth)).json();
    const noCookie = await redeem(token, { 'x-csrftoken': csrf }, {});
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json()).toEqual({ detail: 'CSRF Failed: CSRF cookie not set.' });
    const noHeader = await redeem(token, {});
    expect(noHeader.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing.' });
    const wrong = await redeem(token, { 'x-csrftoken': crypto.randomBytes(32).toString('base64url') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'CSRF Failed: CSRF token incorrect.' });
    // The refused attempts did not spend the token.
    expect((await redeem(token)).statusCode).toBe(200);
  });

  it('answers a malformed body with 400', async () => {
    expect((await redeem('')).json()).toEqual({ token: ['This field may not be blank.'] });
    expect((await redeem({ a: 1 })).statusCode).toBe(400);
    expect((await redeem('x'.repeat(300))).statusCode).toBe(400);
  });
});
