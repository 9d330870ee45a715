import { FOLLOW_MESSAGES } from '../../../server/contract/follow';
import { isoAt } from '../../../server/src/db/columns';
import { enqueueMail } from '../../../server/src/repositories/mailQueue';
import { FOLLOW_REQUESTS_PER_ADDRESS_PER_HOUR } from '../../../server/src/services/followers';
import { MAILS_PER_ADDRESS_PER_HOUR } from '../../../server/src/services/mailQueue';
import { GOOD_PASSWORD } from '../accounts/support';
import { buildTestServer, insertUser, type TestServer } from '../testServer';
import { aMinuteLater, followConfirmed, outboxMail, sendDue, startSmtp } from './support';

const SITE = 'https://research.example';
const HOUR = 3600;

type OwnedServer = TestServer & { cleanup: () => Promise<void> };

const follow = (server: TestServer, email: string, from = '192.0.2.1') =>
  server.inject({ method: 'POST', url: '/api/follow/', remoteAddress: from, payload: { email } });
const queued = (server: TestServer) => server.db.selectFrom('mail_queue').select(['kind', 'to_address']).orderBy('id').execute();

describe('follow requests by address alone, which anyone can make for any address', () => {
  let server: OwnedServer;
  afterEach(() => server?.cleanup());

  it('are limited per client address: past the limit, the answer says how long to wait and nothing is queued', async () => {
    server = await buildTestServer({ publicUrl: SITE });
    for (let i = 0; i < FOLLOW_REQUESTS_PER_ADDRESS_PER_HOUR; i += 1) expect((await follow(server, `reader${i}@example.org`)).statusCode).toBe(202);
    const refused = await follow(server, 'one.more@example.org');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(HOUR);
    expect(refused.json()).toEqual({ detail: FOLLOW_MESSAGES.tooMany(60) });
    // Another client is not held up by this one.
    expect((await follow(server, 'neighbour@example.org', '192.0.2.2')).statusCode).toBe(202);
    expect((await queued(server)).map((row) => row.to_address)).not.toContain('one.more@example.org');
    expect(await queued(server)).toHaveLength(FOLLOW_REQUESTS_PER_ADDRESS_PER_HOUR + 1);
  });

  it('have at most FOLLOW_CONFIRMATIONS_PER_HOUR mails sent in an hour, from every client together, whatever the address', async () => {
    server = await buildTestServer({ publicUrl: SITE, followConfirmationsPerHour: 3 });
    await followConfirmed(server, 'follower@example.org', () => outboxMail(server));
    for (let i = 0; i < 2; i += 1) expect((await follow(server, `reader${i}@example.org`, `198.51.100.${i}`)).statusCode).toBe(202);

    // A new address and one that follows already are refused alike: the refusal tells nobody who follows.
    for (const email of ['late@example.org', 'follower@example.org']) {
      const refused = await follow(server, email, '203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: FOLLOW_MESSAGES.tooMany(60) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR - 60);
    }
    // The footer's plain form is led to the page that says so.
    const form = await server.inject({
      method: 'POST',
      url: '/api/follow/',
      remoteAddress: '203.0.113.10',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      payload: 'email=form%40example.org',
    });
    expect([form.statusCode, form.headers.location]).toEqual([303, '/follow?busy=60']);
    expect(Number(form.headers['retry-after'])).toBeGreaterThan(HOUR - 60);

    await sendDue(server);
    expect((await outboxMail(server)).map((mail) => mail.to)).toEqual(['follower@example.org', 'reader0@example.org', 'reader1@example.org']);
    expect(await server.db.selectFrom('followers').select('email').orderBy('id').execute()).toHaveLength(3);

    // A new hour has room again.
    await server.db
      .updateTable('abuse_counters')
      .set({ expires_at: isoAt(Date.now() - 1) })
      .where('scope', '=', 'follow-all')
      .execute();
    expect((await follow(server, 'late@example.org', '203.0.113.9')).statusCode).toBe(202);
  });

  it('count spellings of one mailbox (a +tag, the letter case) as one recipient', async () => {
    server = await buildTestServer({ publicUrl: SITE });
    const spellings = ['Ada@Example.org', 'ada+news@example.org', 'ADA+x@EXAMPLE.ORG', 'ada+y@example.org', 'ada+z@example.org'];
    for (const [i, email] of spellings.entries()) {
      const answer = await follow(server, email, `198.51.100.${i}`);
      expect([answer.statusCode, answer.json()]).toEqual([202, { detail: FOLLOW_MESSAGES.requested }]);
    }
    const mails = await outboxMail(server);
    expect(mails).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR);
    // One mailbox waits for one link: the latest spelling's, which replaced the others.
    expect(await server.db.selectFrom('followers').select(['email', 'mailbox']).execute()).toEqual([
      { email: 'ADA+x@example.org', mailbox: 'ada@example.org' },
    ]);
    // Requests that sent nothing do not use up the hour's mail.
    const all = await server.db.selectFrom('abuse_counters').select('count').where('scope', '=', 'follow-all').executeTakeFirstOrThrow();
    expect(all.count).toBe(MAILS_PER_ADDRESS_PER_HOUR);
  });

  it('find an address that follows already under another spelling, and tell it so instead of asking again', async () => {
    server = await buildTestServer({ publicUrl: SITE });
    await followConfirmed(server, 'reader@example.org', () => outboxMail(server));
    expect((await follow(server, 'Reader+again@Example.org')).statusCode).toBe(202);
    const mails = await outboxMail(server);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['reader@example.org', 'Confirm that you want emails from Elias Northcote'],
      ['reader@example.org', 'You already follow Elias Northcote'],
    ]);
    expect(await server.db.selectFrom('followers').select('email').execute()).toEqual([{ email: 'reader@example.org' }]);
  });
});

describe('the order the mail queue sends in', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: OwnedServer;
  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await server?.cleanup();
    await smtp.close();
  });

  const staffStatus = async () => {
    const { auth } = await insertUser(server, { is_staff: true });
    return (await server.inject({ method: 'GET', url: '/api/follow/status/', headers: auth })).json<{ waiting: number; waiting_account: number }>();
  };

  it('sends an account’s confirmation next, after 300 announcements and follow confirmations queued before it', async () => {
    server = await buildTestServer({
      smtpUrl: smtp.url,
      publicUrl: SITE,
      mailRatePerMinute: 1,
      followConfirmationsPerHour: 1000,
      authRateLimitPerMinute: 1000,
    });
    await server.mailQueue.idle();
    const announcements = Array.from({ length: 150 }, (_, i) => ({ kind: 'announcement' as const, to_address: `follower${i}@example.org` }));
    await enqueueMail(server.db, announcements, isoAt(Date.now()));
    for (let i = 0; i < 150; i += 1) expect((await follow(server, `reader${i}@example.org`, `198.51.100.${i % 15}`)).statusCode).toBe(202);
    await server.mailQueue.idle();
    // The minute's one message went at once: the first follow confirmation, before the announcements queued earlier.
    expect(smtp.received.map((mail) => mail.to)).toEqual(['reader0@example.org']);

    const registered = await server.inject({
      method: 'POST',
      url: '/api/users/register/',
      payload: { email: 'new.account@example.org', password: GOOD_PASSWORD, password2: GOOD_PASSWORD, first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(registered.statusCode).toBe(201);
    await server.mailQueue.idle();
    expect(await staffStatus()).toMatchObject({ waiting: 300, waiting_account: 1 });

    await aMinuteLater(server);
    expect(smtp.received.map((mail) => mail.to)).toEqual(['reader0@example.org', 'new.account@example.org']);
    expect(await staffStatus()).toMatchObject({ waiting: 299, waiting_account: 0 });
  });

  it('keeps a tenth of each minute’s rate for account mail', async () => {
    server = await buildTestServer({ smtpUrl: smtp.url, publicUrl: SITE, mailRatePerMinute: 10 });
    await server.mailQueue.idle();
    const confirmations = Array.from({ length: 20 }, (_, i) => ({
      kind: 'follow-confirm' as const,
      to_address: `reader${i}@example.org`,
      subject: 'Confirm',
      text_body: 'Confirm',
      html_body: '<p>Confirm</p>',
    }));
    await enqueueMail(server.db, confirmations, isoAt(Date.now()));
    await sendDue(server);
    expect(smtp.received).toHaveLength(9);

    await enqueueMail(
      server.db,
      [{ kind: 'account-confirm', to_address: 'new.account@example.org', subject: 'Confirm', text_body: 'Confirm' }],
      isoAt(Date.now()),
    );
    await sendDue(server);
    expect(smtp.received.map((mail) => mail.to).slice(9)).toEqual(['new.account@example.org']);
  });
});
