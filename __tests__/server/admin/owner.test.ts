import { buildTestServer, insertUser } from '../testServer';
import type { Signed } from './adminFixtures';

type Server = Awaited<ReturnType<typeof buildTestServer>>;

const OWNER_ACCOUNT = { detail: 'Only the site’s owner can change the owner’s account.' };
const OWNER_STAFF_RIGHTS = { detail: 'Only the site’s owner can grant or withdraw staff rights.' };
const OWNER_STAFF_ACCOUNTS = { detail: 'Only the site’s owner can deactivate or delete a staff account.' };
const OWNER_STAFF_SIGN_OUT = { detail: 'Only the site’s owner can sign another staff member out everywhere.' };

describe('the site’s owner', () => {
  let server: Server;
  let owner: Signed;
  let staff: Signed;

  const patch = (actor: Signed, id: number, payload: object) =>
    server.inject({ method: 'PATCH', url: `/api/admin/users/${id}/`, payload, headers: actor.auth });
  const signOut = (actor: Signed, id: number) => server.inject({ method: 'POST', url: `/api/admin/users/${id}/sign-out/`, headers: actor.auth });
  const remove = (actor: Signed, id: number) => server.inject({ method: 'DELETE', url: `/api/admin/users/${id}/`, headers: actor.auth });
  const stored = (id: number) => server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await buildTestServer();
    owner = await insertUser(server, { email: 'olivia@example.com', is_owner: true });
    staff = await insertUser(server, { email: 'sam@example.com', is_staff: true });
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it('is shown as the owner in the user list', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/admin/users/', headers: staff.auth });
    const flags = Object.fromEntries(res.json().results.map((u: { email: string; is_owner: boolean }) => [u.email, u.is_owner]));
    expect(flags).toEqual({ 'olivia@example.com': true, 'sam@example.com': false });
  });

  it('cannot be changed, signed out or deleted by other staff', async () => {
    for (const payload of [{ is_staff: false }, { is_active: false }]) {
      const res = await patch(staff, owner.user.id, payload);
      expect([res.statusCode, res.json()]).toEqual([403, OWNER_ACCOUNT]);
    }
    expect((await signOut(staff, owner.user.id)).json()).toEqual(OWNER_ACCOUNT);
    const removed = await remove(staff, owner.user.id);
    expect([removed.statusCode, removed.json()]).toEqual([403, OWNER_ACCOUNT]);
    expect(await stored(owner.user.id)).toMatchObject({ is_staff: 1, is_active: 1, is_owner: 1 });
    expect((await server.inject({ method: 'GET', url: '/api/admin/users/', headers: owner.auth })).statusCode).toBe(200);
  });

  it('alone grants and withdraws staff rights, and deactivates or deletes staff', async () => {
    const member = await insertUser(server);
    const colleague = await insertUser(server, { is_staff: true });
    const grant = await patch(staff, member.user.id, { is_staff: true });
    expect([grant.statusCode, grant.json()]).toEqual([403, OWNER_STAFF_RIGHTS]);
    expect((await patch(staff, colleague.user.id, { is_staff: false })).json()).toEqual(OWNER_STAFF_RIGHTS);
    expect((await patch(staff, colleague.user.id, { is_active: false })).json()).toEqual(OWNER_STAFF_ACCOUNTS);
    expect((await remove(staff, colleague.user.id)).json()).toEqual(OWNER_STAFF_ACCOUNTS);
    expect(await stored(member.user.id)).toMatchObject({ is_staff: 0 });
    expect(await stored(colleague.user.id)).toMatchObject({ is_staff: 1, is_active: 1 });

    expect((await patch(owner, member.user.id, { is_staff: true })).statusCode).toBe(200);
    expect((await patch(owner, colleague.user.id, { is_active: false })).statusCode).toBe(200);
    expect((await remove(owner, colleague.user.id)).statusCode).toBe(204);
  });

  it('alone signs other staff out everywhere; staff may still sign themselves out', async () => {
    const colleague = await insertUser(server, { is_staff: true });
    const refused = await signOut(staff, colleague.user.id);
    expect([refused.statusCode, refused.json()]).toEqual([403, OWNER_STAFF_SIGN_OUT]);
    // Not again and again either: every try is refused, and the colleague stays signed in.
    expect((await signOut(staff, colleague.user.id)).statusCode).toBe(403);
    expect((await server.inject({ method: 'GET', url: '/api/users/profile/', headers: colleague.auth })).statusCode).toBe(200);
    expect(await server.db.selectFrom('audit_log').select('id').where('subject', '=', colleague.user.email).execute()).toEqual([]);

    expect((await signOut(owner, colleague.user.id)).statusCode).toBe(204);
    expect((await server.inject({ method: 'GET', url: '/api/users/profile/', headers: colleague.auth })).statusCode).toBe(401);
    const self = await insertUser(server, { is_staff: true });
    expect((await signOut(self, self.user.id)).statusCode).toBe(204);
  });

  it('leaves other staff free to manage members who are not staff', async () => {
    const member = await insertUser(server);
    expect((await patch(staff, member.user.id, { is_active: false })).statusCode).toBe(200);
    expect((await signOut(staff, member.user.id)).statusCode).toBe(204);
    expect((await remove(staff, member.user.id)).statusCode).toBe(204);
  });
});
