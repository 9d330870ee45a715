import { isoAt } from '../../../server/src/db/columns';
import { buildServer } from '../../../server/src/server';
import { runMailQueue } from '../../../server/src/services/mailQueue';
import { buildTestServer, insertUser, type TestServer } from '../testServer';
import { followConfirmed, saveNote, startSmtp } from './support';

/** Two instances of the site on one PostgreSQL database, as behind a load balancer (SQLite runs one instance). */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('follower mail from two instances on one PostgreSQL database', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let first: TestServer & { cleanup: () => Promise<void> };
  let second: TestServer;

  const start = async (mailRatePerMinute: number) => {
    first = await buildTestServer({ smtpUrl: smtp.url, publicUrl: 'https://research.example', mailRatePerMinute, authRateLimitPerMinute: 1000 });
    second = await buildServer(first.config);
    await second.ready();
  };
  const idle = () => Promise.all([first.mailQueue.idle(), second.mailQueue.idle()]);
  /** Rounds of both instances at once, besides their own background rounds, all finished. */
  const bothRounds = async () => {
    await Promise.all([runMailQueue(first), runMailQueue(second), runMailQueue(first), runMailQueue(second)]);
    await idle();
  };

  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await second?.close();
    await first?.cleanup();
    await smtp.close();
  });

  it('sends each follower the announcement of a note once, whichever instance releases and sends it', async () => {
    await start(1000);
    const staff = (await insertUser(first, { is_staff: true })).auth;
    const readers = Array.from({ length: 20 }, (_, i) => `reader${i}@example.org`);
    for (const [i, email] of readers.entries()) await followConfirmed(first, email, async () => smtp.received, `198.51.100.${i}`);
    await idle();
    const confirmations = smtp.received.length;
    expect(confirmations).toBe(20);

    await saveNote(first, staff, { title: 'For everyone' });
    await first.db
      .updateTable('follow_announcements')
      .set({ created_at: isoAt(Date.now() - 400_000) })
      .execute();
    await bothRounds();

    const announced = smtp.received.slice(confirmations);
    expect(announced.map((mail) => mail.to).sort()).toEqual([...readers].sort());
    expect(new Set(announced.map((mail) => mail.subject))).toEqual(new Set(['New note: For everyone — Elias Northcote']));
    // Released once: one message queued per follower.
    const queued = await first.db.selectFrom('mail_queue').select('state').where('kind', '=', 'announcement').execute();
    expect(queued.map((row) => row.state)).toEqual(readers.map(() => 'sent'));
  }, 60_000);

  it('keeps to the rate with both instances sending at once', async () => {
    await start(5);
    await idle();
    const at = isoAt(Date.now());
    await first.db
      .insertInto('mail_queue')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          kind: 'account-confirm' as const,
          priority: 0,
          to_address: `account${i}@example.org`,
          subject: `Message ${i}`,
          text_body: 'Text',
          html_body: '<p>Text</p>',
          state: 'pending' as const,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute();
    await bothRounds();
    expect(smtp.received).toHaveLength(5);
    expect(new Set(smtp.received.map((mail) => mail.to)).size).toBe(5);
  }, 30_000);
});
