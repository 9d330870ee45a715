import { sendRaw } from '../testServer';
import { account, buildTestServer, type Server } from './support';

/** Every account call, with what a careless or hostile client might send: never a 500, always a JSON body. */
describe('malformed requests to the account calls', () => {
  let server: Server;
  let auth: Record<string, string>;
  beforeAll(async () => {
    server = await buildTestServer();
    ({ auth } = await account(server));
  });
  afterAll(async () => {
    await server.cleanup();
  });

  const routes: [string, string][] = [
    ['POST', '/api/users/register/'],
    ['POST', '/api/users/login/'],
    ['POST', '/api/users/logout/'],
    ['POST', '/api/token/refresh/'],
    ['PATCH', '/api/users/profile/'],
    ['DELETE', '/api/users/profile/'],
    ['POST', '/api/users/change-password/'],
    ['POST', '/backend/forgotpasswordreset/'],
    ['POST', '/backend/password-reset-confirm/MQ/abc-def/'],
    ['POST', '/login-with-token/'],
  ];

  const bodies: [string, string][] = [
    ['application/json', '{'],
    ['application/json', '{"email": "a@example.org",}'],
    ['application/json', '[]'],
    ['application/json', '"just a string"'],
    ['application/json', '42'],
    ['application/json', 'null'],
    ['application/json', '{"email": {"$gt": ""}, "password": [1, 2], "refresh": {}, "token": true, "first_name": {}}'],
    ['application/json', '{"__proto__": {"is_staff": true}, "constructor": {"prototype": {}}}'],
    ['application/json', `{"email": "${'a'.repeat(5000)}@example.org", "password": "${'b'.repeat(5000)}"}`],
    ['application/json', '\u0000\u0001'],
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'email=a%40example.org&password=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--'],
  ];

  it.each(routes)('%s %s never answers 500', async (method, url) => {
    for (const [type, payload] of bodies) {
      const res = await server.inject({
        method: method as 'POST',
        url,
        headers: { ...auth, 'content-type': type, 'x-csrftoken': 'a'.repeat(43) },
        cookies: { csrftoken: 'a'.repeat(43) },
        payload,
      });
      expect([type, payload.slice(0, 40), res.statusCode < 500]).toEqual([type, payload.slice(0, 40), true]);
      const body = res.json();
      expect(typeof body).toBe('object');
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await sendRaw(server, 'POST', '/api/users/login/', {}, 'application/json', `{"email":"${'a'.repeat(1_100_000)}"}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('refuses overlong path parts of the reset link with a 4xx', async () => {
    const res = await server.inject({
      method: 'POST',
      url: `/backend/password-reset-confirm/${'M'.repeat(100)}/${'t'.repeat(300)}/`,
      payload: { new_password: 'x', new_password2: 'x' },
    });
    expect(res.statusCode).toBe(414);
    const long = await server.inject({
      method: 'POST',
      url: `/backend/password-reset-confirm/${'M'.repeat(70)}/abc/`,
      payload: { new_password: 'x', new_password2: 'x' },
    });
    expect(long.statusCode).toBe(400);
  });
});
