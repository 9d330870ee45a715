import { loginFrom } from './accounts/support';
import { buildTestServer, pageServerFor, testServerFor } from './testServer';

const FRONT_END = 'https://app.research.example';

describe('CORS for named front ends', () => {
  const server = testServerFor({ publicUrl: 'https://www.research.example', corsOrigins: [FRONT_END] });

  it('answers a preflight from a named origin with credentials, methods and the CSRF header', async () => {
    const res = await server.inject({
      method: 'OPTIONS',
      url: '/api/users/login/',
      headers: { origin: FRONT_END, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrftoken' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-csrftoken');
  });

  it('gives other origins no CORS headers, and refuses their state changes', async () => {
    const preflight = await server.inject({
      method: 'OPTIONS',
      url: '/api/users/login/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const post = await loginFrom(server, 'https://evil.example');
    expect(post.statusCode).toBe(403);
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a named origin sign in, read the answer and learn the CSRF token from a header', async () => {
    const login = await loginFrom(server, FRONT_END);
    expect(login.statusCode).toBe(401);
    expect(login.headers['access-control-allow-origin']).toBe(FRONT_END);
    const csrf = await server.inject({ method: 'GET', url: '/api/csrf/', headers: { origin: FRONT_END } });
    expect(csrf.headers['x-csrftoken']).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(String(csrf.headers['access-control-expose-headers']).toLowerCase()).toContain('x-csrftoken');
  });
});

describe('CORS by default', () => {
  it('is off: no origin gets CORS headers', async () => {
    const server = await buildTestServer();
    try {
      const res = await server.inject({ method: 'GET', url: '/api/health', headers: { origin: FRONT_END } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.cleanup();
    }
  });
});

describe('pages with CORS on', () => {
  const { server } = pageServerFor('all', { corsOrigins: [FRONT_END] });

  it('vary by Origin as well as by encoding, so a shared cache does not give one origin’s answer to another', async () => {
    for (const headers of [{}, { origin: FRONT_END }, { origin: FRONT_END, 'accept-encoding': 'gzip' }]) {
      const page = await server.inject({ method: 'GET', url: '/about', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toBe('Origin, accept-encoding');
    }
  });
});
