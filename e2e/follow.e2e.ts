import { linkIn, type Mail } from '../__tests__/mailbox';
import { accessibilityProblems, appReady, expectNoProblems, openSession } from './support/browser';
import { ownSite } from './support/ownSite';
import { signIn } from './support/signIn';
import { apiLogin, runScheduledWork, untilTime } from './support/site';

const STAFF = { email: 'felix.follow@example.com', password: 'Follow-passphrase-for-e2e-2026' };
const READER = 'rita.reader@example.org';
const MEMBER = { email: 'mona.member@example.org', password: 'Member-passphrase-for-e2e-2026' };
/** Short enough to watch: followers are told at once after publication, and a digest is due a second after it is chosen and after each one. */
const FOLLOW_DELAY_SECONDS = 0;
const DIGEST_INTERVAL_SECONDS = 1;

/**
 * Follower mail goes out through a real SMTP server: this journey runs a site of its own that sends
 * to one this test holds, with a short announcement delay and digest interval.
 */
const own = ownSite({
  owner: { ...STAFF, firstName: 'Felix' },
  env: { FOLLOW_DELAY_SECONDS: String(FOLLOW_DELAY_SECONDS), DIGEST_INTERVAL_SECONDS: String(DIGEST_INTERVAL_SECONDS) },
});

const mailTo = (to: string) => own.smtp.received.filter((mail) => mail.to === to);

/** The `count`th message to `to`, waited for. */
async function nthMailTo(to: string, count: number, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailTo(to);
    if (mails.length >= count) return mails[count - 1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${to} received ${mailTo(to).length} messages, not ${count}: ${mailTo(to)
      .map((mail) => mail.subject)
      .join('; ')}`,
  );
}

/** Staff publish a note (through the API: writing notes is another journey's subject). */
async function publishNote(title: string, slug: string): Promise<void> {
  // Access tokens last seconds in these runs.
  const { access } = await apiLogin(STAFF.email, STAFF.password, own.base);
  const res = await fetch(`${own.base}/api/notes/manage/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, origin: own.base, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      slug,
      summary: `About ${title.toLowerCase()}.`,
      tags: [],
      cover_image: null,
      body: 'Text.',
      publish: 'now',
      publish_at: null,
    }),
  });
  if (res.status !== 201) throw new Error(`publishing answered ${res.status}: ${await res.text()}`);
}

const pathOf = (link: string) => new URL(link).pathname;

let unsubscribePath = '';
let confirmPath = '';

describe('following the research by email', () => {
  it('a visitor follows with an address alone, confirms, gets the next note with one-click unsubscribe, stops it in one click, and gets nothing after', async () => {
    const visitor = await openSession(own.browser, { width: 360, height: 800, baseUrl: own.base });
    const { page } = visitor;
    page.setDefaultTimeout(15_000);
    await page.goto('/notes');
    await appReady(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Follow the research', { exact: true }).fill(READER);
    await footer.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/follow/requested');
    await page.getByText('Thank you. Check your inbox: we have sent a message to that address.').waitFor();
    await visitor.screenshot('follow-requested-phone');

    // Double opt-in: the link comes from the mail server.
    const confirmation = await nthMailTo(READER, 1);
    expect(confirmation.subject).toMatch(/^Confirm that you want emails from /);
    confirmPath = pathOf(linkIn(confirmation, `${own.base}/follow/confirm/`));
    await page.goto(confirmPath);
    await page.getByText(/^You are following the research/).waitFor();
    await visitor.screenshot('follow-confirmed-phone');

    await publishNote('Rough paths', 'rough-paths');
    const announcement = await nthMailTo(READER, 2);
    expect(announcement.subject).toMatch(/^New note: Rough paths — /);
    const unsubscribe = announcement.headers['list-unsubscribe'];
    expect(unsubscribe).toMatch(new RegExp(`^<${own.base}/unsubscribe/[A-Za-z0-9_-]{43}>$`));
    expect(announcement.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(announcement.text).toContain(`${own.base}/notes/rough-paths`);
    expect(announcement.html).toContain(`href="${own.base}/notes/rough-paths"`);
    const visibleLink = linkIn(announcement, `${own.base}/unsubscribe/`);
    expect(`<${visibleLink}>`).toBe(unsubscribe);

    // What a mail provider does on "Unsubscribe": a POST from its own servers, no session, no cookie.
    const oneClick = await fetch(unsubscribe.slice(1, -1), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // The visible link says what was stopped.
    unsubscribePath = pathOf(visibleLink);
    await page.goto(unsubscribePath);
    await page.getByText(`${READER} will get no more emails about new papers, notes and talks from`, { exact: false }).waitFor();
    await visitor.screenshot('follow-unsubscribed-phone');
    expectNoProblems(visitor);
    await visitor.context.close();

    await publishNote('After stopping', 'after-stopping');
    // Once the site has sent what that publication made due, the address that stopped has had nothing.
    await runScheduledWork(own.base);
    expect(mailTo(READER).map((mail) => mail.subject)).toEqual([confirmation.subject, announcement.subject]);
  }, 90_000);

  it('a registered visitor confirms the address, chooses the digest, and gets one digest', async () => {
    const member = await openSession(own.browser, { baseUrl: own.base });
    const { page } = member;
    page.setDefaultTimeout(15_000);
    await page.goto('/register');
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('First name').fill('Mona');
    await page.getByLabel('Last name').fill('Member');
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await page.getByLabel('Confirm password').fill(MEMBER.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByText('Thank you. Check your email: we have sent a message to that address saying how to sign in.').waitFor();

    const confirmation = await nthMailTo(MEMBER.email, 1);
    expect(confirmation.subject).toMatch(/^Confirm your email address for /);
    await page.goto(pathOf(linkIn(confirmation, `${own.base}/confirm-email/`)));
    await page.getByText('Your email address is confirmed. You can now follow the research from your profile.').waitFor();

    await signIn(page, MEMBER.email, MEMBER.password);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Follow the research' });
    await card.getByRole('checkbox', { name: 'New notes' }).check();
    await card.getByRole('radio', { name: 'A weekly digest' }).check();
    await card.getByRole('button', { name: 'Save choices' }).click();
    await card.getByText('Your choices are saved.').waitFor();
    await member.screenshot('follow-profile-digest');
    expectNoProblems(member);
    await member.context.close();

    await publishNote('Volatility smiles', 'volatility-smiles');
    // No mail per note for a digest reader; one digest when it is due, and none after it when nothing is new.
    const digest = await nthMailTo(MEMBER.email, 2, (DIGEST_INTERVAL_SECONDS + 15) * 1000);
    expect(digest.subject).toMatch(/^Digest: a note from /);
    expect(digest.text).toContain(`${own.base}/notes/volatility-smiles`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The next digest falls due with nothing new: once the site has done what was due then, it has sent none.
    await untilTime(Date.now() + DIGEST_INTERVAL_SECONDS * 1000);
    await runScheduledWork(own.base);
    expect(mailTo(MEMBER.email)).toHaveLength(2);
  }, 120_000);

  it('has no serious accessibility problem on the new screens, at a phone’s width and a desktop’s, in both themes', async () => {
    // Who looks at which screens: anyone at the emailed links' pages, a member at the profile, staff at the dashboard.
    const readers: { account?: { email: string; password: string }; screens: string[] }[] = [
      { screens: ['/follow', '/follow/requested', confirmPath, unsubscribePath] },
      { account: MEMBER, screens: ['/profile'] },
      { account: STAFF, screens: ['/dashboard'] },
    ];
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [360, 1280])
        for (const { account, screens } of readers) {
          const reading = await openSession(own.browser, { width, colorScheme, baseUrl: own.base });
          const { page } = reading;
          page.setDefaultTimeout(15_000);
          await reading.context.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
          if (account) await signIn(page, account.email, account.password);
          for (const screen of screens) {
            await page.goto(screen);
            await appReady(page);
            await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForLoadState('networkidle');
            expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
            expect([colorScheme, width, screen, await accessibilityProblems(page)]).toEqual([colorScheme, width, screen, []]);
          }
          if (account === STAFF) await reading.screenshot(`follow-dashboard-${colorScheme}-${width}`);
          if (account === MEMBER) await reading.screenshot(`follow-profile-${colorScheme}-${width}`);
          // The confirmation link of an address that stopped following is refused, as it should be.
          reading.allow(/\/api\/follow\/confirm\//);
          expectNoProblems(reading);
          await reading.context.close();
        }
  }, 240_000);
});
