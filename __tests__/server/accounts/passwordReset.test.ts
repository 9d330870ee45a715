import fs from 'node:fs';
import path from 'node:path';

import { RESET_MAILS_PER_HOUR } from '../../../server/src/routes/accounts/passwordReset';
import { encodeUid, makeResetToken } from '../../../server/src/services/resetTokens';
import { account, GOOD_PASSWORD, login, OTHER_PASSWORD, outbox, refresh, resetPathIn, signIn, testServerFor } from './support';

const SENT = { detail: 'If an account exists for this email, a password reset link has been sent to it.' };
const INVALID_LINK = { detail: 'The reset link is invalid or has expired.' };

describe('password reset', () => {
  const server = testServerFor({ publicUrl: 'https://site.example' });

  const forgot = (email: unknown) => server.inject({ method: 'POST', url: '/backend/forgotpasswordreset/', payload: { email } });
  const confirm = (uidb64: string, token: string, payload: Record<string, unknown>) =>
    server.inject({ method: 'POST', url: `/backend/password-reset-confirm/${uidb64}/${token}/`, payload });
  const newPassword = (password: string) => ({ new_password: password, new_password2: password });

  async function freshToken(user: { id: number; email: string }) {
    const before = (await outbox(server)).length;
    expect((await forgot(user.email)).statusCode).toBe(200);
    const messages = await outbox(server);
    expect(messages).toHaveLength(before + 1);
    return resetPathIn(messages[messages.length - 1]);
  }

  async function row(id: number) {
    return server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  it('answers a known and an unknown email identically, and mails only the known one', async () => {
    const { user } = await account(server, { email: 'Known.Person@example.org', first_name: 'Known' });
    const before = (await outbox(server)).length;
    const known = await forgot('known.person@EXAMPLE.org');
    const unknown = await forgot('nobody-here@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(SENT);
    expect(known.json()).toEqual(unknown.json());
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    const messages = await outbox(server);
    expect(messages).toHaveLength(before + 1);
    const message = messages[messages.length - 1];
    expect(message).toMatch(/^Subject: Reset your password$/m);
    expect(message).toMatch(/^To: Known\.Person@example\.org$/m);
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
    expect(message).toContain('Hello,');
    expect(message).not.toContain('Known,');
    const { uidb64, token } = resetPathIn(message);
    expect(uidb64).toBe(Buffer.from(String(user.id)).toString('base64url'));
    expect(message.replace(/=\r?\n/g, '')).toContain(`https://site.example/reset-password/${uidb64}/${token}`);
  });

  it('keeps the outbox in DATA_DIR/outbox, newest last by name', async () => {
    const { user } = await account(server);
    await forgot(user.email);
    await forgot(user.email);
    await server.mailer.idle();
    const dir = path.join(server.config.dataDir, 'outbox');
    const names = fs.readdirSync(dir);
    expect(names.every((n) => n.endsWith('.eml'))).toBe(true);
    const byTime = names
      .map((n) => ({ n, t: fs.statSync(path.join(dir, n)).mtimeMs }))
      .sort((a, b) => a.t - b.t || a.n.localeCompare(b.n))
      .map((x) => x.n);
    expect([...names].sort()).toEqual(byTime);
  });

  it('does not mail an inactive account, and answers the same', async () => {
    const { user } = await account(server);
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const before = (await outbox(server)).length;
    const res = await forgot(user.email);
    expect(res.json()).toEqual(SENT);
    expect(await outbox(server)).toHaveLength(before);
  });

  it('validates the email', async () => {
    expect((await forgot('not an email')).json()).toEqual({ email: ['Enter a valid email address.'] });
    expect((await forgot('')).json()).toEqual({ email: ['This field may not be blank.'] });
    expect((await server.inject({ method: 'POST', url: '/backend/forgotpasswordreset/', payload: {} })).json()).toEqual({
      email: ['This field is required.'],
    });
    expect((await forgot(['a@example.org', 'b@example.org'])).statusCode).toBe(400);
  });

  it('resets the password with the mailed link, signs every session out, and the link then dies', async () => {
    const { user } = await account(server);
    const session = await signIn(server, user.email, GOOD_PASSWORD);
    const { uidb64, token } = await freshToken(user);
    const res = await confirm(uidb64, token, newPassword(OTHER_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password has been reset with the new password.' });
    expect((await refresh(server, session.refresh)).statusCode).toBe(401);
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(server, user.email, OTHER_PASSWORD)).statusCode).toBe(200);
    // Single use.
    const again = await confirm(uidb64, token, newPassword('Another-Fresh-Secret-77'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
  });

  it('expires one hour after it was made (valid at 1 h, dead at 1 h + 1 s)', async () => {
    const { user } = await account(server);
    const secret = server.config.secrets.reset;
    const uid = encodeUid(user.id);
    const expired = makeResetToken(secret, await row(user.id), Date.now() - 3601_000);
    const res = await confirm(uid, expired, newPassword(OTHER_PASSWORD));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LINK);
    const almost = makeResetToken(secret, await row(user.id), Date.now() - 3590_000);
    expect((await confirm(uid, almost, newPassword(OTHER_PASSWORD))).statusCode).toBe(200);
  });

  it('refuses a tampered token, another user’s uid and a malformed uid', async () => {
    const { user } = await account(server);
    const { user: other } = await account(server);
    const { uidb64, token } = await freshToken(user);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const [stamp, signature] = token.split('-');
    const laterStamp = `${(parseInt(stamp, 36) + 3600).toString(36)}-${signature}`;
    const attempts: [string, string][] = [
      [uidb64, flipped],
      [uidb64, laterStamp],
      [uidb64, 'garbage'],
      [encodeUid(other.id), token],
      ['!!', token],
      [Buffer.from('abc').toString('base64url'), token],
      [encodeUid(999999), token],
    ];
    for (const [uid, t] of attempts) {
      const res = await confirm(uid, t, newPassword(OTHER_PASSWORD));
      expect([uid, t, res.statusCode]).toEqual([uid, t, 400]);
      expect(res.json()).toEqual(INVALID_LINK);
    }
    // The genuine link still works after all that.
    expect((await confirm(uidb64, token, newPassword(OTHER_PASSWORD))).statusCode).toBe(200);
  });

  it('dies when the password changes another way, or the owner signs in', async () => {
    const { user } = await account(server);
    const first = await freshToken(user);
    const { auth } = await signIn(server, user.email, GOOD_PASSWORD);
    expect((await confirm(first.uidb64, first.token, newPassword(OTHER_PASSWORD))).json()).toEqual(INVALID_LINK);

    const second = await freshToken(user);
    await server.inject({
      method: 'POST',
      url: '/api/users/change-password/',
      headers: auth,
      payload: { old_password: GOOD_PASSWORD, ...newPassword('Changed-Elsewhere-Pass-3') },
    });
    expect((await confirm(second.uidb64, second.token, newPassword(OTHER_PASSWORD))).json()).toEqual(INVALID_LINK);
  });

  it('applies the match and the password policy, keeping the link usable', async () => {
    const { user } = await account(server, { email: 'policy.person@example.org' });
    const { uidb64, token } = await freshToken(user);
    const mismatch = await confirm(uidb64, token, { new_password: OTHER_PASSWORD, new_password2: 'nope' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ detail: "The two password fields didn't match.", new_password2: ["The two password fields didn't match."] });
    const short = await confirm(uidb64, token, newPassword('Ab1-'));
    expect(short.json()).toEqual({
      detail: 'This password is too short. It must contain at least 8 characters.',
      new_password: ['This password is too short. It must contain at least 8 characters.'],
    });
    const similar = await confirm(uidb64, token, newPassword('policyperson'));
    expect(similar.json().new_password).toContain('The password is too similar to the email.');
    const missing = await confirm(uidb64, token, { new_password: OTHER_PASSWORD });
    expect(missing.json()).toEqual({ new_password2: ['This field is required.'] });
    expect((await confirm(uidb64, token, newPassword(OTHER_PASSWORD))).statusCode).toBe(200);
  });

  it('clears a sign-in lockout on success', async () => {
    const { user } = await account(server);
    for (let i = 0; i < 5; i += 1) await login(server, user.email, 'Wrong-Password-000');
    expect((await login(server, user.email, GOOD_PASSWORD)).statusCode).toBe(429);
    const { uidb64, token } = await freshToken(user);
    expect((await confirm(uidb64, token, newPassword(OTHER_PASSWORD))).statusCode).toBe(200);
    expect((await login(server, user.email, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it('mails one address at most three times an hour, however many senders ask, and answers the same', async () => {
    const { user } = await account(server);
    const before = (await outbox(server)).length;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.inject({ method: 'POST', url: '/backend/forgotpasswordreset/', payload: { email: user.email }, remoteAddress: `192.0.2.${(i % 3) + 1}` }),
      ),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set([`200 ${JSON.stringify(SENT)}`]));
    expect(await outbox(server)).toHaveLength(before + RESET_MAILS_PER_HOUR);
  });
});

describe('password reset for a front end served elsewhere', () => {
  const server = testServerFor({ publicUrl: 'https://api.site.example', frontendUrl: 'https://www.site.example' });

  it('mails a link to the front end’s reset page', async () => {
    await account(server, { email: 'elsewhere@example.org' });
    await server.inject({ method: 'POST', url: '/backend/forgotpasswordreset/', payload: { email: 'elsewhere@example.org' } });
    const messages = await outbox(server);
    const { uidb64, token } = resetPathIn(messages[messages.length - 1]);
    expect(messages[messages.length - 1].replace(/=\r?\n/g, '')).toContain(`https://www.site.example/reset-password/${uidb64}/${token}`);
  });
});
