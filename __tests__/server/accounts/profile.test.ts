import { Value } from '@sinclair/typebox/value';

import { UserSchema } from '../../../server/contract';
import { sendRaw } from '../testServer';
import { account, GOOD_PASSWORD, login, OTHER_PASSWORD, refresh, signIn, testServerFor } from './support';

describe('profile calls', () => {
  const server = testServerFor();

  describe('GET /api/users/profile/', () => {
    it('answers the signed-in user', async () => {
      const { user, auth } = await account(server, { first_name: 'Grace', is_staff: true });
      const res = await server.inject({ method: 'GET', url: '/api/users/profile/', headers: auth });
      expect(res.statusCode).toBe(200);
      expect(Value.Check(UserSchema, res.json())).toBe(true);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email, first_name: 'Grace', is_staff: true });
      expect(res.json()).not.toHaveProperty('password');
    });

    it('answers 401 with a detail without or with a bad token', async () => {
      const none = await server.inject({ method: 'GET', url: '/api/users/profile/' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const bad = await server.inject({ method: 'GET', url: '/api/users/profile/', headers: { authorization: 'Bearer nope' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ detail: 'Given token not valid for any token type' });
    });
  });

  describe('PATCH /api/users/profile/', () => {
    it('changes names and interest notes, and nothing else', async () => {
      const { user, auth } = await account(server);
      const res = await server.inject({
        method: 'PATCH',
        url: '/api/users/profile/',
        headers: auth,
        payload: { first_name: ' Ada ', last_name: 'King', interest_notes: 'Rough volatility', is_staff: true, email: 'x@example.org' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Ada', last_name: 'King', interest_notes: 'Rough volatility', is_staff: false, email: user.email });
      const partial = await server.inject({ method: 'PATCH', url: '/api/users/profile/', headers: auth, payload: { interest_notes: '' } });
      expect(partial.json()).toMatchObject({ first_name: 'Ada', interest_notes: '' });
    });

    it('refuses blank or overlong names', async () => {
      const { auth } = await account(server);
      const blank = await server.inject({ method: 'PATCH', url: '/api/users/profile/', headers: auth, payload: { first_name: '  ' } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ first_name: ['This field may not be blank.'] });
      const long = await server.inject({ method: 'PATCH', url: '/api/users/profile/', headers: auth, payload: { last_name: 'x'.repeat(151) } });
      expect(long.json()).toEqual({ last_name: ['Ensure this field has no more than 150 characters.'] });
      const notObject = await sendRaw(server, 'PATCH', '/api/users/profile/', auth, 'application/json', '[1]');
      expect(notObject.statusCode).toBe(400);
    });

    it('requires a signed-in user', async () => {
      const res = await server.inject({ method: 'PATCH', url: '/api/users/profile/', payload: { first_name: 'x' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/users/change-password/', () => {
    const change = (auth: Record<string, string>, payload: Record<string, unknown>) =>
      server.inject({ method: 'POST', url: '/api/users/change-password/', headers: auth, payload });

    it('checks the old password, the match and the policy', async () => {
      const { user } = await account(server);
      const { auth } = await signIn(server, user.email, GOOD_PASSWORD);
      expect((await change(auth, { old_password: 'Wrong-Old-Password-1', new_password: OTHER_PASSWORD, new_password2: OTHER_PASSWORD })).json()).toEqual({
        old_password: ['Your old password was entered incorrectly. Please enter it again.'],
      });
      expect((await change(auth, { old_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD, new_password2: 'other' })).json()).toEqual({
        new_password2: ["The two password fields didn't match."],
      });
      const weak = await change(auth, { old_password: GOOD_PASSWORD, new_password: 'password123', new_password2: 'password123' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ new_password: ['This password is too common.'] });
    });

    it('changes the password and signs out the other sessions, keeping this one', async () => {
      const { user } = await account(server);
      const here = await signIn(server, user.email, GOOD_PASSWORD);
      const elsewhere = await signIn(server, user.email, GOOD_PASSWORD);
      const res = await change(here.auth, { old_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD, new_password2: OTHER_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Password changed. Your other sessions have been signed out.' });
      expect((await refresh(server, elsewhere.refresh)).statusCode).toBe(401);
      expect((await refresh(server, here.refresh)).statusCode).toBe(200);
      expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await login(server, user.email, OTHER_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/users/profile/', () => {
    it('asks for the password', async () => {
      const { auth } = await account(server);
      const wrong = await server.inject({ method: 'DELETE', url: '/api/users/profile/', headers: auth, payload: { password: 'Not-The-Password-1' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: ['Incorrect password.'] });
      const missing = await server.inject({ method: 'DELETE', url: '/api/users/profile/', headers: auth, payload: {} });
      expect(missing.json()).toEqual({ password: ['This field is required.'] });
      const noBody = await server.inject({ method: 'DELETE', url: '/api/users/profile/', headers: auth });
      expect(noBody.statusCode).toBe(400);
    });

    it('deletes the account with its sessions', async () => {
      const { user } = await account(server);
      const session = await signIn(server, user.email, GOOD_PASSWORD);
      const res = await server.inject({ method: 'DELETE', url: '/api/users/profile/', headers: session.auth, payload: { password: GOOD_PASSWORD } });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await server.inject({ method: 'GET', url: '/api/users/profile/', headers: session.auth })).statusCode).toBe(401);
      expect((await refresh(server, session.refresh)).statusCode).toBe(401);
      expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
      const left = await server.db.selectFrom('user_sessions').select('id').where('user_id', '=', user.id).execute();
      expect(left).toEqual([]);
    });
  });
});
