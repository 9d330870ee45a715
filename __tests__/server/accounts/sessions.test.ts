import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

import { SessionSchema } from '../../../server/contract/accounts';
import { account, GOOD_PASSWORD, refresh, signIn, testServerFor } from './support';

describe('session calls', () => {
  const server = testServerFor();

  async function twoDevices() {
    const { user } = await account(server);
    // Only the two sign-ins below: not the one the account fixture starts.
    await server.db.deleteFrom('user_sessions').where('user_id', '=', user.id).execute();
    const laptop = await signIn(server, user.email, GOOD_PASSWORD, { remember: true });
    const phone = await signIn(server, user.email, GOOD_PASSWORD);
    return { user, laptop, phone };
  }

  const list = (auth: Record<string, string>) =>
    server.inject({ method: 'GET', url: '/api/users/sessions/', headers: { ...auth, 'user-agent': 'TestBrowser/1.0' } });

  it('lists the live sessions, marking the current one', async () => {
    const { laptop } = await twoDevices();
    const res = await list(laptop.auth);
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(Value.Check(Type.Array(SessionSchema), sessions)).toBe(true);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toEqual([expect.objectContaining({ remember: true, ip: '127.0.0.1' })]);
  });

  it('revokes one session by id, and only the user’s own', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneSession = (await list(laptop.auth)).json().find((s: { current: boolean }) => !s.current);
    const stranger = await twoDevices();
    const foreign = await server.inject({ method: 'DELETE', url: `/api/users/sessions/${phoneSession.id}/`, headers: stranger.laptop.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });

    const res = await server.inject({ method: 'DELETE', url: `/api/users/sessions/${phoneSession.id}/`, headers: laptop.auth });
    expect(res.statusCode).toBe(204);
    expect((await refresh(server, phone.refresh)).statusCode).toBe(401);
    expect((await refresh(server, laptop.refresh)).statusCode).toBe(200);
    expect((await list(laptop.auth)).json()).toHaveLength(1);
    expect((await server.inject({ method: 'DELETE', url: `/api/users/sessions/${phoneSession.id}/`, headers: laptop.auth })).statusCode).toBe(404);
  });

  it('answers ids that name no session with 404', async () => {
    const { laptop } = await twoDevices();
    for (const id of ['abc', '0', '99999999999']) {
      const res = await server.inject({ method: 'DELETE', url: `/api/users/sessions/${id}/`, headers: laptop.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('signs out everywhere', async () => {
    const { user, laptop, phone } = await twoDevices();
    const res = await server.inject({ method: 'POST', url: '/api/users/sessions/revoke-all/', headers: laptop.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Signed out everywhere.' });
    expect((await refresh(server, phone.refresh)).statusCode).toBe(401);
    expect((await refresh(server, laptop.refresh)).statusCode).toBe(401);
    // Access tokens of the ended sessions stop working at once.
    expect((await list(laptop.auth)).statusCode).toBe(401);
    const live = await server.db.selectFrom('user_sessions').selectAll().where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
  });

  it('requires a signed-in user', async () => {
    expect((await server.inject({ method: 'GET', url: '/api/users/sessions/' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'POST', url: '/api/users/sessions/revoke-all/' })).statusCode).toBe(401);
    expect((await server.inject({ method: 'DELETE', url: '/api/users/sessions/1/' })).statusCode).toBe(401);
  });
});
