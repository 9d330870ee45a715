import { insertUser, sendRaw } from '../testServer';
import { auditLines, liveSessions, ownerAndFreshMemberFor, signIn } from './adminFixtures';

describe('PATCH /api/admin/users/{id}/', () => {
  const { server, owner: staff, member } = ownerAndFreshMemberFor();
  const patch = (id: number, payload: unknown, headers: Record<string, string> = staff.auth) =>
    server.inject({ method: 'PATCH', url: `/api/admin/users/${id}/`, payload: payload as object, headers });
  const stored = (id: number) => server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const actions = async (subject: string) => (await auditLines(server, subject)).map((l) => l.action);

  it('grants staff and writes user.staff_granted', async () => {
    const res = await patch(member.user.id, { is_staff: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.user.id, email: member.user.email, is_staff: true, is_active: true });
    expect((await stored(member.user.id)).is_staff).toBe(1);
    expect(await auditLines(server, member.user.email)).toEqual([
      expect.objectContaining({ actor_id: staff.user.id, actor_email: 'stella@example.com', action: 'user.staff_granted', details: 'Ada User' }),
    ]);
  });

  it('withdraws staff from another staff member and writes user.staff_revoked', async () => {
    const colleague = await insertUser(server, { email: 'colleague@example.com', is_staff: true });
    const res = await patch(colleague.user.id, { is_staff: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_staff).toBe(false);
    expect(await actions('colleague@example.com')).toEqual(['user.staff_revoked']);
    // The former staff member's token no longer opens the area.
    const after = await server.inject({ method: 'GET', url: '/api/admin/users/', headers: colleague.auth });
    expect(after.statusCode).toBe(403);
  });

  it('deactivates a user, revokes all their sessions and writes user.deactivated', async () => {
    await signIn(server, member.user.id);
    expect((await liveSessions(server, member.user.id)).length).toBeGreaterThan(1);
    const res = await patch(member.user.id, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_active: false });
    expect(await liveSessions(server, member.user.id)).toHaveLength(0);
    expect(await actions(member.user.email)).toEqual(['user.deactivated']);
    // Their access token stops working at once.
    const after = await server.inject({ method: 'GET', url: '/api/admin/audit/', headers: member.auth });
    expect(after.statusCode).toBe(401);
  });

  it("leaves other users' sessions alone when deactivating", async () => {
    await signIn(server, staff.user.id);
    const before = (await liveSessions(server, staff.user.id)).length;
    await signIn(server, member.user.id);
    await patch(member.user.id, { is_active: false });
    expect(await liveSessions(server, staff.user.id)).toHaveLength(before);
  });

  it('activates a deactivated user and writes user.activated', async () => {
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', member.user.id).execute();
    const res = await patch(member.user.id, { is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(true);
    expect(await actions(member.user.email)).toEqual(['user.activated']);
  });

  it('changes both fields at once, one audit line each', async () => {
    const res = await patch(member.user.id, { is_staff: true, is_active: false });
    expect(res.json()).toMatchObject({ is_staff: true, is_active: false });
    expect(await actions(member.user.email)).toEqual(['user.staff_granted', 'user.deactivated']);
  });

  it('answers the unchanged user and writes nothing when nothing changes', async () => {
    for (const payload of [{}, { is_staff: false }, { is_active: true }]) {
      const res = await patch(member.user.id, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_staff: false, is_active: true });
    }
    expect(await actions(member.user.email)).toEqual([]);
  });

  it.each([
    ['remove your own staff right', { is_staff: false }, 'You cannot remove your own staff access.'],
    ['deactivate yourself', { is_active: false }, 'You cannot deactivate your own account.'],
  ])('refuses to %s, changing nothing', async (_what, payload, detail) => {
    const res = await patch(staff.user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    expect(await stored(staff.user.id)).toMatchObject({ is_staff: 1, is_active: 1 });
    expect(await actions(staff.user.email)).toEqual([]);
  });

  it('refuses a combined change that includes removing your own staff right, changing nothing', async () => {
    const res = await patch(staff.user.id, { is_staff: false, is_active: true });
    expect(res.statusCode).toBe(400);
    expect((await stored(staff.user.id)).is_staff).toBe(1);
  });

  it('accepts confirming your own staff right, as a no-op', async () => {
    const res = await patch(staff.user.id, { is_staff: true, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(await actions(staff.user.email)).toEqual([]);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await patch(999999, { is_staff: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it.each([
    ['a non-boolean is_staff', { is_staff: 'maybe' }, { is_staff: ['Must be a valid boolean.'] }],
    ['a null is_active', { is_active: null }, { is_active: ['Must be a valid boolean.'] }],
    ['a zero is_active', { is_active: 0 }, { is_active: ['Must be a valid boolean.'] }],
    ['an empty is_staff', { is_staff: '' }, { is_staff: ['Must be a valid boolean.'] }],
    ['a string "false"', { is_active: 'false' }, { is_active: ['Must be a valid boolean.'] }],
    ['an array body', [true], { detail: 'Invalid data. Expected a JSON object.' }],
  ])('refuses %s with 400, changing nothing', async (_what, payload, body) => {
    const res = await patch(member.user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
    expect(await stored(member.user.id)).toMatchObject({ is_staff: 0, is_active: 1 });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await sendRaw(server, 'PATCH', `/api/admin/users/${member.user.id}/`, staff.auth, 'application/json', '{"is_staff": tru');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
  });

  it.each([
    ['text/plain', 400],
    ['application/x-www-form-urlencoded', 415],
    ['application/xml', 415],
  ])('refuses a %s body with %i and a detail', async (contentType, status) => {
    const res = await sendRaw(server, 'PATCH', `/api/admin/users/${member.user.id}/`, staff.auth, contentType, 'is_staff=true');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('detail');
  });

  it('refuses an oversized body with 413 and a detail', async () => {
    const res = await sendRaw(
      server,
      'PATCH',
      `/api/admin/users/${member.user.id}/`,
      staff.auth,
      'application/json',
      JSON.stringify({ is_staff: true, padding: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('detail');
    expect((await stored(member.user.id)).is_staff).toBe(0);
  });

  it('refuses a missing body with 400', async () => {
    const res = await server.inject({ method: 'PATCH', url: `/api/admin/users/${member.user.id}/`, headers: staff.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
  });

  it.each([['abc'], ['0'], ['-3'], ['1.5'], ['99999999999']])('answers the id %s, which names no account, with 404', async (id) => {
    const res = await server.inject({ method: 'PATCH', url: `/api/admin/users/${id}/`, payload: { is_staff: true }, headers: staff.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('ignores fields other than is_staff and is_active', async () => {
    const res = await patch(member.user.id, { email: 'taken@example.com', password: 'x', is_staff: true });
    expect(res.statusCode).toBe(200);
    const row = await stored(member.user.id);
    expect(row.email).toBe(member.user.email);
    expect(row.is_staff).toBe(1);
  });
});
