import { account, buildTestServer, type Server } from './support';

const LIMIT = 3;
const THROTTLED = /^Request was throttled\. Expected available in \d+ seconds\.$/;

describe('per-address rate limits', () => {
  let server: Server;
  let auth: Record<string, string>;
  beforeEach(async () => {
    server = await buildTestServer({ authRateLimitPerMinute: LIMIT });
    ({ auth } = await account(server));
  });
  afterEach(async () => {
    await server.cleanup();
  });

  const calls: [string, string, () => Record<string, unknown>][] = [
    ['POST', '/api/users/login/', () => ({ payload: { email: 'a@example.org', password: 'Wrong-Password-1' } })],
    ['POST', '/api/users/register/', () => ({ payload: { email: 'bad' } })],
    ['POST', '/backend/forgotpasswordreset/', () => ({ payload: { email: 'nobody@example.org' } })],
    ['POST', '/backend/password-reset-confirm/MQ/x-y/', () => ({ payload: { new_password: 'a', new_password2: 'a' } })],
    ['POST', '/api/users/app-token/', () => ({ headers: auth })],
    ['POST', '/login-with-token/', () => ({ payload: { token: 'x' } })],
  ];

  it.each(calls)('limits %s %s to AUTH_RATE_LIMIT a minute per address, with a detail', async (method, url, options) => {
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await server.inject({ method: method as 'POST', url, ...options() });
      expect(res.statusCode).not.toBe(429);
    }
    const res = await server.inject({ method: method as 'POST', url, ...options() });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(THROTTLED);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    const elsewhere = await server.inject({ method: method as 'POST', url, remoteAddress: '10.0.0.9', ...options() });
    expect(elsewhere.statusCode).not.toBe(429);
  });

  it('leaves other calls alone', async () => {
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await server.inject({ method: 'GET', url: '/api/users/profile/', headers: auth })).statusCode).toBe(200);
    }
  });
});
