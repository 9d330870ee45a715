import { recordAudit } from '../../../server/src/repositories/audit';
import { buildTestServer, insertUser } from '../testServer';
import { PAGE_REFUSALS, type Signed } from './adminFixtures';

type Server = Awaited<ReturnType<typeof buildTestServer>>;

describe('GET /api/admin/audit/', () => {
  let server: Server;
  let staff: Signed;

  const read = (query = '') => server.inject({ method: 'GET', url: `/api/admin/audit/${query}`, headers: staff.auth });

  beforeAll(async () => {
    server = await buildTestServer();
    staff = await insertUser(server, { email: 'stella@example.com', is_owner: true });
    // Lines written by other staff screens appear too.
    await recordAudit(server.db, staff.user, 'document.uploaded', 'CV 2025', 'category CV');
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('lists the lines the administration calls wrote, newest first', async () => {
    const first = await insertUser(server, { email: 'first@example.com' });
    const second = await insertUser(server, { email: 'second@example.com' });
    await server.inject({ method: 'PATCH', url: `/api/admin/users/${first.user.id}/`, payload: { is_staff: true }, headers: staff.auth });
    await server.inject({ method: 'POST', url: `/api/admin/users/${second.user.id}/sign-out/`, headers: staff.auth });
    await server.inject({ method: 'DELETE', url: `/api/admin/users/${second.user.id}/`, headers: staff.auth });

    const res = await read();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, page: 1, page_size: 20 });
    expect(body.results.map((l: { action: string; subject: string }) => [l.action, l.subject])).toEqual([
      ['user.deleted', 'second@example.com'],
      ['user.signed_out', 'second@example.com'],
      ['user.staff_granted', 'first@example.com'],
      ['document.uploaded', 'CV 2025'],
    ]);
    expect(body.results[3]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor_email: 'stella@example.com',
      action: 'document.uploaded',
      subject: 'CV 2025',
      details: 'category CV',
    });
    expect(body.results[0]).not.toHaveProperty('actor_id');
  });

  it('pages with page and page_size', async () => {
    const body = (await read('?page=2&page_size=3')).json();
    expect(body).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(body.results.map((l: { action: string }) => l.action)).toEqual(['document.uploaded']);
    expect((await read('?page=3&page_size=3')).json().results).toEqual([]);
  });

  it('orders lines written in the same millisecond by insertion', async () => {
    const at = '2030-01-01T00:00:00.000Z';
    for (const action of ['test.one', 'test.two']) {
      await server.db
        .insertInto('audit_log')
        .values({ at, actor_id: staff.user.id, actor_email: staff.user.email, action, subject: 's', details: '' })
        .execute();
    }
    const body = (await read('?page_size=2')).json();
    expect(body.results.map((l: { action: string }) => l.action)).toEqual(['test.two', 'test.one']);
  });

  it.each(PAGE_REFUSALS)("refuses %s with 400 and the field's message", async (query, body) => {
    const res = await read(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});
