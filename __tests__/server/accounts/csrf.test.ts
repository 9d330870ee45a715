import { account, cookieOf, loginFrom, testServerFor } from './support';

describe('CSRF protection', () => {
  const server = testServerFor({ publicUrl: 'https://www.research.example', trustedOrigins: ['https://app.research.example'] });

  it('issues a csrftoken cookie readable by the page (not HttpOnly), SameSite Lax, path /', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/csrf/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'CSRF cookie set.' });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(res, 'csrftoken');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie!.httpOnly).toBeFalsy();
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
  });

  it('keeps an existing cookie and replaces a malformed one', async () => {
    const first = await server.inject({ method: 'GET', url: '/api/csrf/' });
    const value = cookieOf(first, 'csrftoken')!.value;
    const second = await server.inject({ method: 'GET', url: '/api/csrf/', cookies: { csrftoken: value } });
    expect(cookieOf(second, 'csrftoken')).toBeUndefined();
    const malformed = await server.inject({ method: 'GET', url: '/api/csrf/', cookies: { csrftoken: 'short' } });
    expect(cookieOf(malformed, 'csrftoken')).toBeDefined();
    const [nonce] = value.split('.');
    const forged = await server.inject({ method: 'GET', url: '/api/csrf/', cookies: { csrftoken: `${nonce}.${'A'.repeat(43)}` } });
    expect(cookieOf(forged, 'csrftoken')!.value).not.toBe(value);
  });

  it('accepts only a token the server issued, not any equal cookie and header', async () => {
    const redeem = (token: string) =>
      server.inject({
        method: 'POST',
        url: '/login-with-token/',
        cookies: { csrftoken: token },
        headers: { 'x-csrftoken': token },
        payload: { token: 'no-such-token' },
      });
    const issued = cookieOf(await server.inject({ method: 'GET', url: '/api/csrf/' }), 'csrftoken')!.value;
    const [nonce] = issued.split('.');
    for (const planted of ['x', 'a'.repeat(43), `${nonce}.${'A'.repeat(43)}`, `${'b'.repeat(43)}.${issued.split('.')[1]}`]) {
      const res = await redeem(planted);
      expect([planted, res.statusCode, res.json()]).toEqual([planted, 403, { detail: 'CSRF Failed: CSRF token incorrect.' }]);
    }
    expect((await redeem(issued)).statusCode).not.toBe(403);
  });

  it('leaves public reads alone', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health' });
    expect(cookieOf(res, 'csrftoken')).toBeUndefined();
  });

  it('refuses unsafe requests from a foreign origin', async () => {
    const { auth } = await account(server);
    const foreign = await loginFrom(server, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: 'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.' });
    const nullOrigin = await server.inject({ method: 'PATCH', url: '/api/users/profile/', headers: { ...auth, origin: 'null' }, payload: { first_name: 'x' } });
    expect(nullOrigin.statusCode).toBe(403);
    const crossSite = await server.inject({ method: 'POST', url: '/api/users/sessions/revoke-all/', headers: { ...auth, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    // Safe methods are not affected.
    expect((await server.inject({ method: 'GET', url: '/api/users/profile/', headers: { ...auth, origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('accepts the site’s own origin, PUBLIC_URL and configured trusted origins', async () => {
    const { auth } = await account(server);
    for (const origin of ['http://localhost:80', 'https://www.research.example', 'https://app.research.example']) {
      const res = await server.inject({
        method: 'PATCH',
        url: '/api/users/profile/',
        headers: { ...auth, origin, host: 'localhost:80' },
        payload: { first_name: 'Same' },
      });
      expect([origin, res.statusCode]).toEqual([origin, 200]);
    }
  });
});
