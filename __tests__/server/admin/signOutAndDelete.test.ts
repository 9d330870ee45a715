import { insertUser } from '../testServer';
import { auditLines, liveSessions, ownerAndFreshMemberFor, signIn } from './adminFixtures';

describe('sign-out and deletion of users', () => {
  const { server, owner: staff, member } = ownerAndFreshMemberFor();
  const actions = async (subject: string) => (await auditLines(server, subject)).map((l) => l.action);

  describe('POST /api/admin/users/{id}/sign-out/', () => {
    const signOut = (id: number | string) => server.inject({ method: 'POST', url: `/api/admin/users/${id}/sign-out/`, headers: staff.auth });

    it('revokes every session of the user, answers 204 and writes user.signed_out', async () => {
      // insertUser signed the member in once; two more devices make three.
      await signIn(server, member.user.id);
      await signIn(server, member.user.id);
      await signIn(server, staff.user.id);
      expect(await liveSessions(server, member.user.id)).toHaveLength(3);
      const staffSessions = (await liveSessions(server, staff.user.id)).length;
      const res = await signOut(member.user.id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await liveSessions(server, member.user.id)).toHaveLength(0);
      expect(await liveSessions(server, staff.user.id)).toHaveLength(staffSessions);
      expect(await auditLines(server, member.user.email)).toEqual([
        expect.objectContaining({ action: 'user.signed_out', actor_email: 'stella@example.com', details: 'Ada User; 3 sessions revoked' }),
      ]);
    });

    it("ends the user's access tokens but not the staff member's", async () => {
      await server.db.updateTable('users').set({ is_staff: 1 }).where('id', '=', member.user.id).execute();
      const before = await server.inject({ method: 'GET', url: '/api/admin/audit/', headers: member.auth });
      expect(before.statusCode).toBe(200);
      await signOut(member.user.id);
      const after = await server.inject({ method: 'GET', url: '/api/admin/audit/', headers: member.auth });
      expect(after.statusCode).toBe(401);
      const staffAfter = await server.inject({ method: 'GET', url: '/api/admin/audit/', headers: staff.auth });
      expect(staffAfter.statusCode).toBe(200);
    });

    it('keeps the account active', async () => {
      await signOut(member.user.id);
      const row = await server.db.selectFrom('users').select('is_active').where('id', '=', member.user.id).executeTakeFirstOrThrow();
      expect(row.is_active).toBe(1);
    });

    it('counts a single session in the audit line', async () => {
      await signOut(member.user.id);
      expect((await auditLines(server, member.user.email))[0].details).toBe('Ada User; 1 session revoked');
    });

    it('records a sign-out of a user with no live session too', async () => {
      await signOut(member.user.id);
      await signOut(member.user.id);
      expect((await auditLines(server, member.user.email)).map((l) => l.details)).toEqual(['Ada User; 1 session revoked', 'Ada User; 0 sessions revoked']);
    });

    it('answers 404 for an unknown id and for one that is no number', async () => {
      const missing = await signOut(424242);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
      const malformed = await signOut('me');
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ detail: 'Not found.' });
    });
  });

  describe('DELETE /api/admin/users/{id}/', () => {
    const remove = (id: number | string) => server.inject({ method: 'DELETE', url: `/api/admin/users/${id}/`, headers: staff.auth });
    const rowsOf = (table: 'users' | 'user_sessions' | 'app_tokens', column: 'id' | 'user_id') =>
      server.db.selectFrom(table).select('id').where(column, '=', member.user.id).execute();

    it('deletes the user with their sessions and tokens, answers 204 and writes user.deleted', async () => {
      await signIn(server, member.user.id);
      const sessionIds = (await liveSessions(server, member.user.id)).map((s) => s.id);
      await server.db
        .insertInto('app_tokens')
        .values({
          user_id: member.user.id,
          token_hash: 'f'.repeat(64),
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 60000).toISOString(),
          used_at: null,
        })
        .execute();
      const res = await remove(member.user.id);
      expect(res.statusCode).toBe(204);
      expect(await rowsOf('users', 'id')).toEqual([]);
      expect(await rowsOf('user_sessions', 'user_id')).toEqual([]);
      expect(await rowsOf('app_tokens', 'user_id')).toEqual([]);
      expect(await server.db.selectFrom('refresh_tokens').selectAll().where('session_id', 'in', sessionIds).execute()).toEqual([]);
      expect(await auditLines(server, member.user.email)).toEqual([
        expect.objectContaining({ action: 'user.deleted', actor_id: staff.user.id, details: 'Ada User' }),
      ]);
    });

    it('keeps the audit trail that mentions the deleted user', async () => {
      await server.inject({ method: 'PATCH', url: `/api/admin/users/${member.user.id}/`, payload: { is_staff: true }, headers: staff.auth });
      await remove(member.user.id);
      expect(await actions(member.user.email)).toEqual(['user.staff_granted', 'user.deleted']);
    });

    it('makes the deleted user’s token useless', async () => {
      await server.inject({ method: 'PATCH', url: `/api/admin/users/${member.user.id}/`, payload: { is_staff: true }, headers: staff.auth });
      await remove(member.user.id);
      const res = await server.inject({ method: 'GET', url: '/api/admin/audit/', headers: member.auth });
      expect(res.statusCode).toBe(401);
    });

    it('deletes another staff member', async () => {
      const colleague = await insertUser(server, { is_staff: true });
      expect((await remove(colleague.user.id)).statusCode).toBe(204);
    });

    it('refuses to delete yourself', async () => {
      const res = await remove(staff.user.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'You cannot delete your own account.' });
      expect(await server.db.selectFrom('users').select('id').where('id', '=', staff.user.id).execute()).toHaveLength(1);
      expect(await actions(staff.user.email)).toEqual([]);
    });

    it('answers 404 for an unknown id, including a second delete', async () => {
      expect((await remove(member.user.id)).statusCode).toBe(204);
      const again = await remove(member.user.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'Not found.' });
      expect(await actions(member.user.email)).toEqual(['user.deleted']);
    });

    it('answers 404 for an id that is no number', async () => {
      const res = await remove('abc');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });
  });
});
