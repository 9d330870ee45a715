import { isoAt } from '../../../server/src/db/columns';
import { RESET_MAILS_PER_HOUR } from '../../../server/src/routes/accounts/passwordReset';
import { MAILS_PER_ADDRESS_PER_HOUR, MAX_ATTEMPTS, retryDelayMs } from '../../../server/src/services/mailQueue';
import { buildTestServer, insertUser, type TestServer } from '../testServer';
import { aMinuteLater, retryDue, sendDue, startSmtp } from './support';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** Account mail written in advance, as registration queues it. */
async function queue(server: TestServer, count: number, to = (i: number) => `reader${i}@example.org`) {
  // The sender's first round, at start, is over: what is queued now waits for the test's own.
  await server.mailQueue.idle();
  const at = isoAt(Date.now());
  await server.db
    .insertInto('mail_queue')
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: 'account-confirm' as const,
        priority: 0,
        to_address: to(i),
        subject: `Message ${i}`,
        text_body: `Text ${i}`,
        html_body: `<p>Text ${i}</p>`,
        state: 'pending' as const,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

const rows = (server: TestServer) => server.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();

describe('the mail queue', () => {
  let smtp: Smtp;
  let server: TestServer & { cleanup: () => Promise<void> };

  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await server?.cleanup();
    await smtp.close();
  });

  it('tries again after a minute, then two, four…, and gives up after the last try', async () => {
    server = await buildTestServer({ smtpUrl: smtp.url, publicUrl: 'https://research.example' });
    smtp.refuse(451, 'Greylisted, try again later');
    await queue(server, 1);
    await sendDue(server);
    let [row] = await rows(server);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toContain('Greylisted, try again later');
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan(55_000);
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeLessThanOrEqual(60_000);

    await retryDue(server);
    [row] = await rows(server);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan(115_000);
    expect((await server.inject({ method: 'GET', url: '/api/follow/status/', headers: await staffAuth(server) })).json()).toMatchObject({
      waiting: 1,
      last_send: { outcome: 'retrying', error: expect.stringContaining('Greylisted') },
    });

    expect([1, 2, 3, 4, 5, 6, 9].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 240]);
    await retryDue(server, MAX_ATTEMPTS - 1);
    [row] = await rows(server);
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, text_body: '', html_body: '' });
    expect(smtp.received).toEqual([]);
  });

  it('gives up at once on an address the mail server refuses for good, and sends once the server takes mail again', async () => {
    server = await buildTestServer({ smtpUrl: smtp.url });
    smtp.refuse(550, 'No such mailbox');
    await queue(server, 1);
    await sendDue(server);
    expect((await rows(server))[0]).toMatchObject({ state: 'failed', attempts: 1 });

    smtp.refuse(421, 'Service not available');
    await queue(server, 1, () => 'later@example.org');
    await sendDue(server);
    smtp.refuse();
    await retryDue(server);
    expect((await rows(server))[1]).toMatchObject({ state: 'sent', attempts: 2, last_error: '' });
    expect(smtp.received.map((mail) => mail.to)).toEqual(['later@example.org']);
  });

  it('sends no more than the configured number of messages in any minute', async () => {
    server = await buildTestServer({ smtpUrl: smtp.url, mailRatePerMinute: 3 });
    await queue(server, 5);
    await sendDue(server);
    expect(smtp.received).toHaveLength(3);
    expect((await rows(server)).map((row) => row.state)).toEqual(['sent', 'sent', 'sent', 'pending', 'pending']);

    // A minute later there is room for the rest.
    await aMinuteLater(server);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4']);
  });

  it('sends account mail before follower mail waiting longer', async () => {
    server = await buildTestServer({ smtpUrl: smtp.url, mailRatePerMinute: 1 });
    await server.mailQueue.idle();
    const at = isoAt(Date.now());
    await server.db
      .insertInto('mail_queue')
      .values({ kind: 'digest', priority: 1, to_address: 'digest@example.org', state: 'pending', next_attempt_at: at, created_at: at })
      .execute();
    await queue(server, 1, () => 'new.account@example.org');
    await sendDue(server);
    expect(smtp.received.map((mail) => mail.to)).toEqual(['new.account@example.org']);
  });

  it('never sends again a message an instance stopped in the middle of sending', async () => {
    server = await buildTestServer({ smtpUrl: smtp.url });
    await queue(server, 1);
    await server.db
      .updateTable('mail_queue')
      .set({ state: 'sending', attempts: 1, claimed_at: isoAt(Date.now() - 31 * 60_000) })
      .execute();
    await sendDue(server);
    expect((await rows(server))[0]).toMatchObject({ state: 'failed', last_error: 'Sending was interrupted; it is not known whether the message went out.' });
    expect(smtp.received).toEqual([]);
  });

  it('limits mail to one address as reset mails are limited', () => {
    expect(MAILS_PER_ADDRESS_PER_HOUR).toBe(RESET_MAILS_PER_HOUR);
  });
});

const staffAuth = async (server: TestServer) => (await insertUser(server, { is_staff: true })).auth;
