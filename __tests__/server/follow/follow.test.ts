import { FOLLOW_MESSAGES } from '../../../server/contract/follow';
import { isoAt } from '../../../server/src/db/columns';
import { removeUnconfirmed } from '../../../server/src/services/mailQueue';
import { publishDueNotes } from '../../../server/src/services/notes';
import { type Auth, insertUser, serverWithAccountsFor } from '../testServer';
import { afterTheDelay, followConfirmed, linkIn, type Mail, outboxMail, retryDue, saveNote, sendDue } from './support';

const SITE = 'https://research.example';
const PAPER = `@article{lovelace2026,
  title = {Rough volatility at short maturities},
  author = {Lovelace, Ada and Byron, George},
  journal = {Quantitative Finance},
  year = {2026}
}`;

describe('following the research with an address alone', () => {
  const { server, staff } = serverWithAccountsFor('each', { publicUrl: SITE });

  const follow = (email: string, headers: Auth = {}) => server.inject({ method: 'POST', url: '/api/follow/', headers, payload: { email } });
  const mailsTo = async (email: string) => (await outboxMail(server)).filter((mail) => mail.to === email);
  const mails = () => outboxMail(server);

  it('answers the same for a new address, one waiting for its confirmation and one that follows already', async () => {
    await followConfirmed(server, 'follower@example.org', mails);
    const answers = await Promise.all(['new@example.org', 'new@example.org', 'follower@example.org'].map((email) => follow(email)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ detail: FOLLOW_MESSAGES.requested });
    }
    await sendDue(server);
    expect((await mailsTo('follower@example.org')).map((mail) => mail.subject)).toEqual([
      'Confirm that you want emails from Elias Northcote',
      'You already follow Elias Northcote',
    ]);
  });

  it('sends nothing but the confirmation link to an address that never confirmed it', async () => {
    expect((await follow('unconfirmed@example.org')).statusCode).toBe(202);
    await saveNote(server, staff);
    await afterTheDelay(server);
    const received = await mailsTo('unconfirmed@example.org');
    expect(received.map((mail) => mail.subject)).toEqual(['Confirm that you want emails from Elias Northcote']);
    expect(received[0].headers['list-unsubscribe']).toBeUndefined();
    expect(linkIn(received[0], `${SITE}/follow/confirm/`)).toMatch(/^https:\/\/research\.example\/follow\/confirm\/[A-Za-z0-9_-]{43}$/);
  });

  it('sends a confirmed follower each new note, plain text and HTML, with the one-click unsubscribe headers and no tracking', async () => {
    await followConfirmed(server, 'reader@example.org', mails);
    await saveNote(server, staff, { title: 'Rough paths', slug: 'rough-paths', summary: 'Why paths are rough.' });
    await afterTheDelay(server);
    const [, mail] = await mailsTo('reader@example.org');
    expect(mail.subject).toBe('New note: Rough paths — Elias Northcote');
    const unsubscribe = linkIn(mail, `${SITE}/unsubscribe/`);
    expect(unsubscribe).toMatch(/^https:\/\/research\.example\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain('Elias Northcote published a note:');
    expect(mail.text).toContain(`Rough paths\nWhy paths are rough.\n${SITE}/notes/rough-paths`);
    expect(mail.text).toContain(`Stop these emails (no sign-in needed): ${unsubscribe}`);
    expect(mail.html).toContain(`<a href="${SITE}/notes/rough-paths">Rough paths</a>`);
    expect(mail.html).toContain(`<a href="${unsubscribe}">`);
    // No pictures (no tracking pixel), and every link is the page's own address.
    expect(mail.html).not.toMatch(/<img/i);
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links.every((link) => link === `${SITE}/notes/rough-paths` || link === unsubscribe)).toBe(true);
  });

  it('stops the mail on a one-click POST from a mail provider, without a session, and the link keeps saying what it stopped', async () => {
    await followConfirmed(server, 'leaving@example.org', mails);
    await saveNote(server, staff, { title: 'First', slug: 'first' });
    await afterTheDelay(server);
    const [confirmation, announcement] = await mailsTo('leaving@example.org');
    const unsubscribe = announcement.headers['list-unsubscribe'].slice(1, -1);
    const oneClick = () =>
      server.inject({
        method: 'POST',
        url: new URL(unsubscribe).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const stopped = await oneClick();
    expect(stopped.statusCode).toBe(200);
    const expected = {
      detail: 'leaving@example.org will get no more emails about new papers, notes and talks from Elias Northcote.',
      email: 'leaving@example.org',
      kinds: ['papers', 'notes', 'talks'],
      digest: false,
    };
    expect(stopped.json()).toEqual(expected);
    expect((await oneClick()).json()).toEqual(expected);
    // RFC 8058 allows the POST as multipart/form-data too.
    const multipart = await server.inject({
      method: 'POST',
      url: new URL(unsubscribe).pathname,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);

    await saveNote(server, staff, { title: 'Second', slug: 'second' });
    await afterTheDelay(server);
    expect(await mailsTo('leaving@example.org')).toHaveLength(2);
    // The earlier confirmation link does not start the mail again.
    const token = linkIn(confirmation, `${SITE}/follow/confirm/`).split('/').pop();
    expect((await server.inject({ method: 'POST', url: '/api/follow/confirm/', payload: { token } })).json()).toEqual({
      detail: FOLLOW_MESSAGES.confirmInvalid,
    });
    expect((await server.inject({ method: 'POST', url: '/unsubscribe/not-a-token' })).json()).toEqual({ detail: FOLLOW_MESSAGES.unsubscribeInvalid });
  });

  it('drops mail queued for an address that stopped before it was sent', async () => {
    await followConfirmed(server, 'quick@example.org', mails);
    const follower = await server.db.selectFrom('followers').selectAll().where('email', '=', 'quick@example.org').executeTakeFirstOrThrow();
    await saveNote(server, staff);
    const announcement = await server.db.selectFrom('follow_announcements').select('id').executeTakeFirstOrThrow();
    // Queued for later, then stopped before it is due.
    await server.db
      .insertInto('mail_queue')
      .values({
        kind: 'announcement',
        priority: 1,
        to_address: 'quick@example.org',
        follower_id: follower.id,
        announcements: String(announcement.id),
        state: 'pending',
        next_attempt_at: isoAt(Date.now() + 60_000),
        created_at: isoAt(Date.now()),
      })
      .execute();
    expect((await server.inject({ method: 'POST', url: `/unsubscribe/${follower.unsubscribe_token}` })).statusCode).toBe(200);
    await retryDue(server);
    expect(await mailsTo('quick@example.org')).toHaveLength(1);
    const rows = await server.db
      .selectFrom('mail_queue')
      .select(['kind', 'state', 'last_error'])
      .where('to_address', '=', 'quick@example.org')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'follow-confirm', state: 'sent', last_error: '' },
      { kind: 'announcement', state: 'dropped', last_error: 'The address stopped following.' },
    ]);
  });

  it('sends a note published and corrected within the delay once, in its corrected version', async () => {
    await followConfirmed(server, 'patient@example.org', mails);
    const note = await saveNote(server, staff, { title: 'Volatilty smiles' });
    await saveNote(server, staff, { title: 'Volatility smiles' }, note);
    await sendDue(server);
    expect(await mailsTo('patient@example.org')).toHaveLength(1);
    expect(await server.db.selectFrom('follow_announcements').selectAll().execute()).toHaveLength(1);
    await afterTheDelay(server);
    // A correction after the mail went out sends nothing more.
    await saveNote(server, staff, { title: 'Volatility smiles, again' }, { ...note, revision: note.revision + 1 });
    await afterTheDelay(server);
    const received = await mailsTo('patient@example.org');
    expect(received.map((mail) => mail.subject)).toEqual([
      'Confirm that you want emails from Elias Northcote',
      'New note: Volatility smiles — Elias Northcote',
    ]);
  });

  it('announces nothing for a note taken back to draft before the delay passed, and announces it when published again', async () => {
    await followConfirmed(server, 'draft@example.org', mails);
    const note = await saveNote(server, staff, { title: 'Too early' });
    const draft = await saveNote(server, staff, { title: 'Too early', publish: 'draft' }, note);
    await afterTheDelay(server);
    expect(await mailsTo('draft@example.org')).toHaveLength(1);
    expect(await server.db.selectFrom('follow_announcements').selectAll().execute()).toEqual([]);
    await saveNote(server, staff, { title: 'On time' }, draft);
    await afterTheDelay(server);
    expect((await mailsTo('draft@example.org')).map((mail) => mail.subject)).toContain('New note: On time — Elias Northcote');
  });

  it('announces a scheduled note when the server publishes it, and new papers of an import (an update of one announces nothing)', async () => {
    await followConfirmed(server, 'papers@example.org', mails);
    await saveNote(server, staff, { title: 'Scheduled', publish: 'schedule', publish_at: new Date(Date.now() + 60_000).toISOString() });
    await server.db
      .updateTable('notes')
      .set({ publish_at: isoAt(Date.now() - 1_000) })
      .execute();
    expect(await publishDueNotes(server)).toBe(1);
    const imported = await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPER } });
    expect(imported.statusCode).toBe(200);
    await afterTheDelay(server);
    const [, both] = await mailsTo('papers@example.org');
    expect(both.subject).toBe('New from Elias Northcote: a paper and a note');
    expect(both.text).toContain(
      `Rough volatility at short maturities\nAda Lovelace, George Byron (Quantitative Finance, 2026)\n${SITE}/research/lovelace2026\n`,
    );
    expect(both.text).toContain(`Scheduled\nWhy implied volatility depends on the strike.\n${SITE}/notes/volatility-smiles`);

    const updated = PAPER.replace('Rough volatility', 'Rough Volatility');
    expect((await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: updated } })).statusCode).toBe(200);
    await afterTheDelay(server);
    expect(await mailsTo('papers@example.org')).toHaveLength(2);
  });

  it('takes the footer’s plain form and answers with the page that says what happened', async () => {
    const form = (body: string) =>
      server.inject({ method: 'POST', url: '/api/follow/', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE }, payload: body });
    const taken = await form('email=form%40example.org');
    expect([taken.statusCode, taken.headers.location]).toEqual([303, '/follow/requested']);
    const refused = await form('email=not-an-address');
    expect([refused.statusCode, refused.headers.location]).toEqual([303, '/follow?invalid']);
    expect((await mailsTo('form@example.org')).map((mail) => mail.subject)).toEqual(['Confirm that you want emails from Elias Northcote']);
    // A page elsewhere cannot make a visitor's browser follow.
    const forged = await server.inject({
      method: 'POST',
      url: '/api/follow/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      payload: 'email=victim%40example.org',
    });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses an invalid address and sends at most three messages an hour to one address', async () => {
    expect((await follow('not-an-address')).json()).toEqual({ email: [FOLLOW_MESSAGES.invalidEmail] });
    expect((await follow('a@localhost')).statusCode).toBe(400);
    for (let i = 0; i < 5; i += 1) expect((await follow('Often@Example.org')).json()).toEqual({ detail: FOLLOW_MESSAGES.requested });
    expect(await mailsTo('Often@example.org')).toHaveLength(3);
  });
});

describe('following the research from an account', () => {
  const { server, staff, user } = serverWithAccountsFor('each', { publicUrl: SITE });
  const choices = (headers: Auth) => server.inject({ method: 'GET', url: '/api/follow/choices/', headers });
  const choose = (headers: Auth, payload: Record<string, boolean>) => server.inject({ method: 'PUT', url: '/api/follow/choices/', headers, payload });
  const confirmEmail = (email: string) =>
    server.db
      .updateTable('users')
      .set({ email_confirmed_at: isoAt(Date.now()) })
      .where('email', '=', email)
      .execute();
  const mailsTo = async (email: string) => (await outboxMail(server)).filter((mail: Mail) => mail.to === email);

  it('needs a signed-in account whose address is confirmed', async () => {
    expect((await choices({})).statusCode).toBe(401);
    expect((await choices(user)).json()).toEqual({ papers: false, notes: false, talks: false, digest: false, email_confirmed: false, following: false });
    const refused = await choose(user, { papers: true, notes: true, talks: true, digest: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: FOLLOW_MESSAGES.emailUnconfirmed });
  });

  it('sends each kind chosen separately, and nothing at all once no kind is chosen', async () => {
    await confirmEmail('visitor@example.com');
    const saved = await choose(user, { papers: true, notes: false, talks: false, digest: false });
    expect(saved.json()).toEqual({ papers: true, notes: false, talks: false, digest: false, email_confirmed: true, following: true });
    await saveNote(server, staff);
    await afterTheDelay(server);
    expect(await mailsTo('visitor@example.com')).toEqual([]);
    await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPER } });
    await afterTheDelay(server);
    const [paper] = await mailsTo('visitor@example.com');
    expect(paper.subject).toBe('New paper: Rough volatility at short maturities — Elias Northcote');
    // An account's mail says where its choices are.
    expect(paper.text).toContain(`Choose what you get in your profile: ${SITE}/profile`);

    expect((await choose(user, { papers: false, notes: false, talks: false, digest: false })).json()).toMatchObject({ following: false });
    await saveNote(server, staff, { title: 'Another', slug: 'another' });
    await afterTheDelay(server);
    expect(await mailsTo('visitor@example.com')).toHaveLength(1);
  });

  it('tells those who chose talks of a talk still to come, and of none added after it took place', async () => {
    await confirmEmail('visitor@example.com');
    await choose(user, { papers: false, notes: false, talks: true, digest: false });
    const talk = (title: string, date: string) =>
      server.inject({
        method: 'POST',
        url: '/api/talks/',
        headers: staff,
        payload: { title, event: 'Risk Forum', place: 'Zurich', date, type: 'seminar', abstract: '', slides: null, video: '', paper: null },
      });
    const upcoming = await talk('Rough paths for traders', isoAt(Date.now() + 30 * 86_400_000).slice(0, 10));
    expect(upcoming.statusCode).toBe(201);
    expect((await talk('A talk from last year', isoAt(Date.now() - 365 * 86_400_000).slice(0, 10))).statusCode).toBe(201);
    await saveNote(server, staff);
    await afterTheDelay(server);
    const mail = await mailsTo('visitor@example.com');
    expect(mail.map(({ subject }) => subject)).toEqual(['New talk: Rough paths for traders — Elias Northcote']);
    expect(mail[0].text).toContain(`${SITE}/talks#talk-${(upcoming.json() as { id: number }).id}`);
    expect(mail[0].text).toContain('Risk Forum, Zurich');
  });

  it('sends a digest of what was announced since the last one, when it is due, and none when nothing is new', async () => {
    await confirmEmail('visitor@example.com');
    expect((await choose(user, { papers: false, notes: true, talks: false, digest: true })).json()).toMatchObject({ digest: true, following: true });
    const follower = await server.db.selectFrom('followers').selectAll().executeTakeFirstOrThrow();
    expect(Date.parse(follower.next_digest_at ?? '') - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    await saveNote(server, staff, { title: 'One', slug: 'one' });
    await saveNote(server, staff, { title: 'Two', slug: 'two' });
    await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPER } });
    await afterTheDelay(server);
    expect(await mailsTo('visitor@example.com')).toEqual([]);

    const due = () =>
      server.db
        .updateTable('followers')
        .set({ next_digest_at: isoAt(Date.now() - 1_000) })
        .execute();
    await due();
    await sendDue(server);
    const [digest] = await mailsTo('visitor@example.com');
    expect(digest.subject).toBe('Digest: 2 notes from Elias Northcote');
    expect(digest.text).toContain('Since the last digest, Elias Northcote published 2 notes:');
    expect(digest.text).not.toContain('Rough volatility');
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await due();
    await sendDue(server);
    expect(await mailsTo('visitor@example.com')).toHaveLength(1);
    const unsubscribe = await server.inject({ method: 'POST', url: new URL(digest.headers['list-unsubscribe'].slice(1, -1)).pathname });
    expect(unsubscribe.json()).toMatchObject({ detail: 'visitor@example.com will get no more digests of new notes from Elias Northcote.', digest: true });
    expect((await choices(user)).json()).toMatchObject({ following: false });
  });

  it('takes over an address that followed alone before the account was confirmed', async () => {
    await followConfirmed(server, 'visitor@example.com', () => outboxMail(server));
    await confirmEmail('visitor@example.com');
    expect((await choose(user, { papers: true, notes: true, talks: false, digest: false })).statusCode).toBe(200);
    const rows = await server.db.selectFrom('followers').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'visitor@example.com', talks: 0 });
    expect(rows[0].user_id).not.toBeNull();
  });

  it('shows staff how many follow and how the last sending went', async () => {
    const status = () => server.inject({ method: 'GET', url: '/api/follow/status/', headers: staff });
    expect((await server.inject({ method: 'GET', url: '/api/follow/status/', headers: user })).statusCode).toBe(403);
    expect((await status()).json()).toEqual({ followers: 0, waiting: 0, waiting_account: 0, last_send: null });
    await followConfirmed(server, 'one@example.org', () => outboxMail(server));
    await followConfirmed(server, 'two@example.org', () => outboxMail(server));
    await server.inject({ method: 'POST', url: '/api/follow/', payload: { email: 'three@example.org' } });
    await sendDue(server);
    const seen = (await status()).json();
    expect(seen).toMatchObject({ followers: 2, waiting: 0, waiting_account: 0, last_send: { outcome: 'sent', error: '' } });
    expect(Date.now() - Date.parse(seen.last_send.at)).toBeLessThan(10_000);
  });

  it('removes accounts and addresses that were not confirmed within a week, and nothing else', async () => {
    const old = isoAt(Date.now() - 8 * 24 * 3600_000);
    const stale = await insertUser(server, { email: 'stale@example.org' });
    const confirmed = await insertUser(server, { email: 'confirmed@example.org' });
    await server.db.updateTable('users').set({ date_joined: old }).where('id', 'in', [stale.user.id, confirmed.user.id]).execute();
    await server.db.updateTable('users').set({ email_confirmed_at: old }).where('id', '=', confirmed.user.id).execute();
    await server.db.updateTable('users').set({ date_joined: old }).where('email', '=', 'staff@example.com').execute();
    await server.inject({ method: 'POST', url: '/api/follow/', payload: { email: 'never@example.org' } });
    await server.inject({ method: 'POST', url: '/api/follow/', payload: { email: 'recent@example.org' } });
    await server.db.updateTable('followers').set({ created_at: old }).where('email', '=', 'never@example.org').execute();

    await removeUnconfirmed(server);
    const users = await server.db.selectFrom('users').select('email').orderBy('email').execute();
    expect(users.map((row) => row.email)).toEqual(['confirmed@example.org', 'staff@example.com', 'visitor@example.com']);
    const followers = await server.db.selectFrom('followers').select('email').execute();
    expect(followers.map((row) => row.email)).toEqual(['recent@example.org']);
  });
});
