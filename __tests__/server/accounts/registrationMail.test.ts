import { EMAIL_CONFIRM_MESSAGES, REGISTERED_MESSAGE } from '../../../server/contract/follow';
import { isoAt } from '../../../server/src/db/columns';
import { linkIn, type Mail, outboxMail } from '../follow/support';
import { GOOD_PASSWORD, signIn, testServerFor } from './support';

const SITE = 'https://research.example';
const form = (email: string) => ({ email, password: GOOD_PASSWORD, password2: GOOD_PASSWORD, first_name: 'Ada', last_name: 'Lovelace', interest_notes: '' });

describe('registration that tells nobody which addresses have accounts', () => {
  const server = testServerFor({ publicUrl: SITE }, 'each');
  const register = (email: string) => server.inject({ method: 'POST', url: '/api/users/register/', payload: form(email) });
  const mailsTo = async (email: string) => (await outboxMail(server)).filter((mail: Mail) => mail.to === email);
  const confirmPath = (mail: Mail) => new URL(linkIn(mail, `${SITE}/confirm-email/`)).pathname.split('/').slice(2);
  const confirm = (uidb64: string, token: string) => server.inject({ method: 'POST', url: '/api/users/confirm-email/', payload: { uidb64, token } });

  it('answers an address that has an account byte for byte as a new one', async () => {
    const first = await register('taken@example.org');
    const again = await register('Taken@Example.org');
    const fresh = await register('fresh@example.org');
    for (const res of [first, again, fresh]) {
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toBe(first.headers['content-type']);
      expect(res.headers['content-length']).toBe(first.headers['content-length']);
      expect(res.body).toBe(JSON.stringify({ detail: REGISTERED_MESSAGE }));
    }
  });

  it('sends a new address the link that confirms it, and an existing one a mail saying someone tried, with the ways to sign in', async () => {
    await register('ada@example.org');
    const [confirmation] = await mailsTo('ada@example.org');
    expect(confirmation.subject).toBe('Confirm your email address for Elias Northcote');
    expect(linkIn(confirmation, `${SITE}/confirm-email/`)).toMatch(/^https:\/\/research\.example\/confirm-email\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{32}$/);
    expect(confirmation.html).toContain('<a href="https://research.example/confirm-email/');

    const [uidb64, token] = confirmPath(confirmation);
    expect((await confirm(uidb64, token)).json()).toEqual({ detail: EMAIL_CONFIRM_MESSAGES.confirmed });
    await register('ADA@example.org');
    const [, attempt] = await mailsTo('ada@example.org');
    expect(attempt.subject).toBe('Someone tried to register with your email address on Elias Northcote');
    expect(attempt.text).toContain('This address has an account already, so no new one was made.');
    expect(attempt.text).toContain(`Sign in:\n${SITE}/login`);
    expect(attempt.text).toContain(`Forgot your password? Choose a new one:\n${SITE}/forgot-password`);
    expect(attempt.text).not.toContain('/confirm-email/');
  });

  it('puts the confirmation link in the attempt mail while the account is not confirmed, and sends an inactive account nothing', async () => {
    await register('unsure@example.org');
    await register('unsure@example.org');
    const [, attempt] = await mailsTo('unsure@example.org');
    expect(attempt.text).toContain('The address of the account is not confirmed yet.');
    const [uidb64, token] = confirmPath(attempt);
    expect((await confirm(uidb64, token)).statusCode).toBe(200);

    await register('inactive@example.org');
    await server.db.updateTable('users').set({ is_active: 0 }).where('email', '=', 'inactive@example.org').execute();
    expect((await register('inactive@example.org')).statusCode).toBe(201);
    expect(await mailsTo('inactive@example.org')).toHaveLength(1);
  });

  it('confirms with the emailed link only, again without harm, and refuses a link for another account', async () => {
    await register('one@example.org');
    await register('two@example.org');
    const [one] = await mailsTo('one@example.org');
    const [two] = await mailsTo('two@example.org');
    const [uid1, token1] = confirmPath(one);
    const [uid2] = confirmPath(two);
    expect((await confirm(uid2, token1)).json()).toEqual({ detail: EMAIL_CONFIRM_MESSAGES.invalid });
    expect((await confirm(uid1, 'x'.repeat(32))).statusCode).toBe(400);
    expect((await confirm('bm90LWEtbnVtYmVy', token1)).statusCode).toBe(400);
    expect((await confirm(uid1, token1)).statusCode).toBe(200);
    expect((await confirm(uid1, token1)).json()).toEqual({ detail: EMAIL_CONFIRM_MESSAGES.confirmed });
    const rows = await server.db.selectFrom('users').select(['email', 'email_confirmed_at']).orderBy('email').execute();
    expect(rows.map((row) => [row.email, row.email_confirmed_at !== null])).toEqual([
      ['one@example.org', true],
      ['two@example.org', false],
    ]);
  });

  it('makes an address that followed alone the account’s once the account confirms it', async () => {
    await server.inject({ method: 'POST', url: '/api/follow/', payload: { email: 'reader@example.org' } });
    await register('reader@example.org');
    const confirmation = (await mailsTo('reader@example.org')).find((mail) => mail.subject.startsWith('Confirm your email address'));
    const [uidb64, token] = confirmPath(confirmation as Mail);
    expect((await confirm(uidb64, token)).statusCode).toBe(200);
    const follower = await server.db.selectFrom('followers').select(['user_id']).executeTakeFirstOrThrow();
    const user = await server.db.selectFrom('users').select('id').where('email', '=', 'reader@example.org').executeTakeFirstOrThrow();
    expect(follower.user_id).toBe(user.id);
  });

  it('sends the confirmation again on request, as often as reset mails to one address, and not to a confirmed address', async () => {
    await register('again@example.org');
    const { auth } = await signIn(server, 'again@example.org', GOOD_PASSWORD);
    const resend = () => server.inject({ method: 'POST', url: '/api/users/confirm-email/resend/', headers: auth });
    expect((await server.inject({ method: 'POST', url: '/api/users/confirm-email/resend/' })).statusCode).toBe(401);
    expect((await resend()).json()).toEqual({ detail: EMAIL_CONFIRM_MESSAGES.resent });
    expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: EMAIL_CONFIRM_MESSAGES.tooMany(60) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const sent = await mailsTo('again@example.org');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((mail) => linkIn(mail, `${SITE}/confirm-email/`))).size).toBe(1);

    await server.db
      .updateTable('users')
      .set({ email_confirmed_at: isoAt(Date.now()) })
      .execute();
    expect((await resend()).json()).toEqual({ detail: EMAIL_CONFIRM_MESSAGES.alreadyConfirmed });
  });
});
