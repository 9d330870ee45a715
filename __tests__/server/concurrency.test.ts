import { account, buildTestServer, GOOD_PASSWORD, type Server } from './accounts/support';

/** Parallel requests over real connections, as browsers and attackers send them: bounded in count, each test in seconds. */
describe('parallel requests against a listening server', () => {
  let server: Server;
  let site: string;
  beforeAll(async () => {
    // Behind one proxy, so that the test can speak from several client addresses.
    server = await buildTestServer({ trustProxy: 1 });
    site = await server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.cleanup();
  });

  const post = (path: string, body: object, from = '203.0.113.1') =>
    fetch(`${site}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });

  it('checks at most five of twenty wrong passwords sent at once; the owner then signs in from another address', async () => {
    const { user } = await account(server, { email: 'owner@example.org', is_staff: true });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post('/api/users/login/', { email: user.email, password: `Wrong-Guess-${i}-xyz` })));
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    expect((await post('/api/users/login/', { email: user.email, password: GOOD_PASSWORD }, '198.51.100.2')).status).toBe(200);
  });

  it('keeps a sign-in alive when three tabs refresh with the same token at once', async () => {
    const { user } = await account(server);
    const signedIn = (await (await post('/api/users/login/', { email: user.email, password: GOOD_PASSWORD }, '198.51.100.3')).json()) as { refresh: string };
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/token/refresh/', { refresh: signedIn.refresh })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const pairs = (await Promise.all(answers.map((a) => a.json()))) as { refresh: string }[];
    expect(new Set(pairs.map((p) => p.refresh)).size).toBe(1);
    expect((await post('/api/token/refresh/', { refresh: pairs[0].refresh })).status).toBe(200);
  });
});
