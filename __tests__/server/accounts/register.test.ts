import { REGISTERED_MESSAGE } from '../../../server/contract/follow';
import { GOOD_PASSWORD, login, testServerFor } from './support';

const valid = {
  email: 'Ada.Lovelace@Example.org',
  password: GOOD_PASSWORD,
  password2: GOOD_PASSWORD,
  first_name: 'Ada',
  last_name: 'Lovelace',
  interest_notes: 'Stochastic volatility models.',
};

describe('POST /api/users/register/', () => {
  const server = testServerFor();

  const register = (payload: Record<string, unknown>) => server.inject({ method: 'POST', url: '/api/users/register/', payload });

  const row = (email: string) => server.db.selectFrom('users').selectAll().where('email_normalized', '=', email.toLowerCase()).executeTakeFirst();

  it('creates the account, keeps the interest notes and answers 201 with a message that says nothing of the address', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: REGISTERED_MESSAGE });
    const user = await row(valid.email);
    expect(user).toMatchObject({
      email: 'Ada.Lovelace@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
      interest_notes: 'Stochastic volatility models.',
      is_staff: 0,
      last_login: null,
      email_confirmed_at: null,
    });
    expect(user?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.email_normalized).toBe('ada.lovelace@example.org');
    // The address is confirmed later; signing in works at once.
    expect((await login(server, 'ada.lovelace@EXAMPLE.org', GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same email in another letter case as a new one, and makes no second account', async () => {
    const res = await register({ ...valid, email: 'ADA.LOVELACE@example.ORG', first_name: 'Someone' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: REGISTERED_MESSAGE });
    const users = await server.db.selectFrom('users').select(['email', 'first_name']).where('email_normalized', '=', 'ada.lovelace@example.org').execute();
    expect(users).toEqual([{ email: 'Ada.Lovelace@example.org', first_name: 'Ada' }]);
  });

  it('makes interest notes optional', async () => {
    const { interest_notes: _notes, ...withoutNotes } = valid;
    const res = await register({ ...withoutNotes, email: 'notes@example.org' });
    expect(res.statusCode).toBe(201);
    expect((await row('notes@example.org'))?.interest_notes).toBe('');
  });

  it.each([
    ['email', 'This field is required.'],
    ['password', 'This field is required.'],
    ['password2', 'This field is required.'],
    ['first_name', 'This field is required.'],
    ['last_name', 'This field is required.'],
  ])('answers a missing %s field-keyed', async (field, message) => {
    const payload: Record<string, unknown> = { ...valid, email: 'missing@example.org' };
    delete payload[field];
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('answers blank fields', async () => {
    expect((await register({ ...valid, email: '' })).json()).toEqual({ email: ['This field may not be blank.'] });
    expect((await register({ ...valid, email: 'blank@example.org', first_name: '   ' })).json()).toEqual({
      first_name: ['This field may not be blank.'],
    });
  });

  it('refuses an invalid email', async () => {
    const res = await register({ ...valid, email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('puts a password mismatch under password', async () => {
    const res = await register({ ...valid, email: 'mismatch@example.org', password2: `${GOOD_PASSWORD}x` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ["Password fields didn't match."] });
  });

  it.each([
    ['short', 'Ab1-xyz', ['This password is too short. It must contain at least 8 characters.']],
    ['long', `${'Ab1-'.repeat(32)}x`, ['This password is too long. It must contain at most 128 characters.']],
    ['common', 'Password1', ['This password is too common.']],
    ['numeric', '40817263519', ['This password is entirely numeric.']],
    ['similar to the email', 'grace.hopper1', ['The password is too similar to the email.']],
  ])('applies the password policy (%s)', async (_case, password, messages) => {
    const res = await register({ ...valid, email: 'grace.hopper@example.org', password, password2: password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: messages });
  });

  it('accepts 128 characters', async () => {
    const password = 'Zq7!'.repeat(32);
    const res = await register({ ...valid, email: 'long@example.org', password, password2: password });
    expect(res.statusCode).toBe(201);
  });

  it('gives every field problem at once, and none about the address having an account', async () => {
    const res = await register({ ...valid, email: 'Ada.Lovelace@example.org', last_name: ' ', password2: 'different-entirely' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      last_name: ['This field may not be blank.'],
      password: ["Password fields didn't match."],
    });
  });

  it('ignores fields it does not know, such as is_staff', async () => {
    const res = await register({ ...valid, email: 'sneaky@example.org', is_staff: true });
    expect(res.statusCode).toBe(201);
    expect((await row('sneaky@example.org'))?.is_staff).toBe(0);
  });

  it('answers malformed bodies with 4xx and a detail, never 500', async () => {
    const cases: [string, string | undefined, number][] = [
      ['{"email":', 'application/json', 400],
      ['[]', 'application/json', 400],
      ['"text"', 'application/json', 400],
      ['null', 'application/json', 400],
      ['email=a@b.org', 'text/plain', 400],
      ['<email/>', 'application/xml', 415],
    ];
    for (const [payload, type, status] of cases) {
      const res = await server.inject({ method: 'POST', url: '/api/users/register/', payload, headers: type ? { 'content-type': type } : {} });
      expect([payload, res.statusCode]).toEqual([payload, status]);
      expect(typeof res.json().detail).toBe('string');
    }
    const wrongType = await register({ ...valid, email: { $ne: '' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ email: ['Not a valid string.'] });
    const huge = await register({ ...valid, interest_notes: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
    const tooLongNotes = await register({ ...valid, email: 'notes2@example.org', interest_notes: 'x'.repeat(2001) });
    expect(tooLongNotes.json()).toEqual({ interest_notes: ['Ensure this field has no more than 2000 characters.'] });
  });
});
