import { buildTestServer, insertUser } from '../testServer';

type Server = Awaited<ReturnType<typeof buildTestServer>>;

/** Every call of the administration area, aimed at a user that exists. */
const calls = [
  { name: 'list users', method: 'GET', url: () => '/api/admin/users/', ok: 200 },
  { name: 'update a user', method: 'PATCH', url: (id: number) => `/api/admin/users/${id}/`, payload: { is_staff: true }, ok: 200 },
  { name: 'sign a user out', method: 'POST', url: (id: number) => `/api/admin/users/${id}/sign-out/`, ok: 204 },
  { name: 'delete a user', method: 'DELETE', url: (id: number) => `/api/admin/users/${id}/`, ok: 204 },
  { name: 'read the audit log', method: 'GET', url: () => '/api/admin/audit/', ok: 200 },
] as const;

describe('administration calls: who may use them', () => {
  let server: Server;
  let targetId: number;

  beforeAll(async () => {
    server = await buildTestServer();
    targetId = (await insertUser(server, { email: 'target@example.com' })).user.id;
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it.each(calls)('refuses anonymous visitors to $name with 401', async (call) => {
    const res = await server.inject({ method: call.method, url: call.url(targetId), payload: 'payload' in call ? call.payload : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it.each(calls)('refuses signed-in non-staff users to $name with 403', async (call) => {
    const { auth } = await insertUser(server);
    const res = await server.inject({ method: call.method, url: call.url(targetId), payload: 'payload' in call ? call.payload : undefined, headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('checks who is asking before the request itself, so strangers learn nothing from validation', async () => {
    const query = await server.inject({ method: 'GET', url: '/api/admin/users/?page=0' });
    expect(query.statusCode).toBe(401);
    const { auth } = await insertUser(server);
    const body = await server.inject({ method: 'PATCH', url: '/api/admin/users/abc/', payload: { is_staff: 'yes' }, headers: auth });
    expect(body.statusCode).toBe(403);
  });

  it('refuses an invalid token with 401', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/admin/users/', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it('leaves the target untouched after refusals', async () => {
    const row = await server.db.selectFrom('users').selectAll().where('id', '=', targetId).executeTakeFirstOrThrow();
    expect(row.is_staff).toBe(0);
    expect(await server.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });

  it('lets staff use every call', async () => {
    const staff = await insertUser(server, { is_owner: true });
    for (const call of calls) {
      const res = await server.inject({
        method: call.method,
        url: call.url(targetId),
        payload: 'payload' in call ? call.payload : undefined,
        headers: staff.auth,
      });
      expect({ call: call.name, status: res.statusCode }).toEqual({ call: call.name, status: call.ok });
    }
  });
});
