import { appReady, expectNoProblems, openSession, readInEveryLook, type Session } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { apiCall, apiLogin, firstHtml, uploadPdf } from './support/site';

const STAFF = { email: 'tomas.talks@example.com', password: 'Talks-passphrase-for-e2e-2026', firstName: 'Tomas' };
const UPCOMING = 'Learning the smile while trading it';
const PAST = 'Rough volatility for practitioners';

/** Three papers of one year and one of another: the staff order within 2025 is what the journey changes. */
const BIBTEX = String.raw`@article{lindqvist2025first, author = {Lindqvist, Tomas}, title = {First of the year}, journal = {Risk}, year = {2025}}
@article{lindqvist2025second, author = {Lindqvist, Tomas}, title = {Second of the year}, journal = {Risk}, year = {2025}}
@article{lindqvist2025third, author = {Lindqvist, Tomas}, title = {Smiles under $\mathbb{Q}$}, journal = {Risk}, year = {2025}}
@article{lindqvist2023older, author = {Lindqvist, Tomas}, title = {An older paper}, journal = {Risk}, year = {2023}}
`;

/** A calendar date `days` from today (UTC), as the date field and the API take it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const shared = sharedSite({ staff: [STAFF] });
let slidesId: number;

beforeAll(async () => {
  // The papers and the slides come from the import and the documents library: set-up, not this journey's subject.
  const { access } = await apiLogin(STAFF.email, STAFF.password);
  await apiCall(access, 'POST', '/api/publications/import/', { bibtex: BIBTEX });
  slidesId = await uploadPdf(access, { category: 'Slides', name: 'Smile slides', fileName: 'smile-slides.pdf' });
});

/** A visitor who reads the research page and follows its footer's link to the page called `name`. */
async function visitFromFooter(name: string): Promise<Session> {
  const visitor = await openSession(shared.browser);
  visitor.page.setDefaultTimeout(15_000);
  await visitor.page.goto('/research');
  await appReady(visitor.page);
  await visitor.page.getByRole('contentinfo').getByRole('link', { name }).click();
  await visitor.page.getByRole('heading', { name, level: 1 }).waitFor();
  return visitor;
}

describe('papers on the home page, talks and teaching', () => {
  it('staff order papers within a year and select one for the home page; a visitor sees it there', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password);
    const { page } = staff;
    await page.goto('/publications');
    await page.getByText('within a year, in the order you set here').waitFor();
    const third = page.getByRole('listitem', { name: 'Smiles under Q' });
    // Two moves up with the keyboard: the focus stays on the moved paper's button, which stops at the top of its year.
    // Each press waits for the saved order: the buttons are disabled while it is saved, as a person sees.
    const focusedAt = (label: string, place: number) =>
      page.waitForFunction(
        ([label, place]) => {
          const button = document.activeElement;
          const item = button?.closest('li');
          return (
            button instanceof HTMLButtonElement &&
            !button.disabled &&
            button.getAttribute('aria-label')?.startsWith(label) &&
            item !== null &&
            item !== undefined &&
            [...(item.parentElement?.children ?? [])].indexOf(item) === place
          );
        },
        [label, place] as const,
      );
    const start = await third.evaluate((item) => [...(item.parentElement?.children ?? [])].indexOf(item));
    await third.getByRole('button', { name: /^Move up:/ }).focus();
    await page.keyboard.press('Enter');
    await focusedAt('Move up: Smiles under', start - 1);
    await page.keyboard.press('Enter');
    await focusedAt('Move down: Smiles under', start - 2);
    expect(await third.getByRole('button', { name: /^Move up:/ }).isDisabled()).toBe(true);
    // The box shows what the server saved.
    await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/publications/') && res.request().method() === 'PATCH'),
      third.getByLabel('Selected for the home page').click(),
    ]);
    await third.getByLabel('Selected for the home page').and(page.locator(':checked')).waitFor();
    expectNoProblems(staff);
    await staff.context.close();

    const research = await firstHtml('/research');
    const order = ['Smiles under', 'First of the year', 'Second of the year', 'An older paper'].map((title) => research.indexOf(title));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const home = await firstHtml('/');
    expect(home).toContain('Selected papers');
    expect(home).toContain('href="/research/lindqvist2025third"');

    const visitor = await openSession(shared.browser);
    await visitor.page.goto('/');
    await appReady(visitor.page);
    await visitor.page.getByRole('region', { name: 'Selected papers' }).getByRole('link', { name: 'Smiles under Q' }).click();
    await visitor.page.getByRole('heading', { name: 'Smiles under Q', level: 1 }).waitFor();
    await visitor.screenshot('visitor-paper-from-home');
    expectNoProblems(visitor);
    await visitor.context.close();
  }, 120_000);

  it('staff add an upcoming and a past talk; a visitor reads them upcoming first, and search engines read the events', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Manage talks' });
    const { page } = staff;
    for (const [title, days, type] of [
      [UPCOMING, 40, 'Invited talk'],
      [PAST, -400, 'Seminar'],
    ] as const) {
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Type').selectOption({ label: type });
      await page.getByLabel('Date').fill(dayFromNow(days));
      await page.getByLabel('Event (optional)').fill(days > 0 ? 'Global Derivatives' : 'Oxford Mathematical Finance Seminar');
      await page.getByLabel('Place (optional)').fill(days > 0 ? 'Barcelona' : 'Oxford');
      if (days > 0) {
        await page.getByLabel('Abstract (optional)').fill('We calibrate $\\sigma(t, K)$ while trading.\n\n<script>alert(1)</script>');
        await page.getByLabel('Slides (optional)').selectOption(String(slidesId));
        await page.getByLabel('Related paper (optional)').selectOption({ label: 'Smiles under Q (2025)' });
      }
      await page.getByRole('button', { name: 'Add talk' }).click();
      await page.getByRole('cell', { name: new RegExp(`^${title}`) }).waitFor();
    }
    await staff.screenshot('staff-talks');
    expectNoProblems(staff);
    await staff.context.close();

    const html = await firstHtml('/talks');
    expect(html.indexOf(UPCOMING)).toBeLessThan(html.indexOf(PAST));
    expect(html).toContain('"@type":"Event"');
    expect(html).toContain(`"name":"${UPCOMING}"`);
    expect(html).toContain('<math');
    expect(html).not.toContain('<script>alert(1)');
    expect(await firstHtml('/sitemap.xml')).toContain(`${BASE_URL}/talks</loc>`);

    const visitor = await visitFromFooter('Talks');
    const reader = visitor.page;
    const upcoming = reader.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByRole('heading', { name: UPCOMING }).waitFor();
    await reader
      .getByRole('region', { name: dayFromNow(-400).slice(0, 4) })
      .getByRole('heading', { name: PAST })
      .waitFor();
    await visitor.screenshot('visitor-talks');
    await upcoming.getByRole('link', { name: 'Paper: Smiles under Q' }).click();
    await reader.getByRole('heading', { name: 'Smiles under Q', level: 1 }).waitFor();
    // The paper's page lists the talk given on it, from the paper's own answer.
    await reader.getByRole('region', { name: 'Talks' }).getByRole('link', { name: UPCOMING }).waitFor();
    expectNoProblems(visitor);
    await visitor.context.close();

    await readInEveryLook(shared.browser, '/talks', { screenshot: 'visitor-talks' });
  }, 180_000);
  it('staff list a course with its materials; a visitor downloads them from the Teaching page', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Manage teaching' });
    const { page } = staff;
    await page.getByLabel('Course', { exact: true }).fill('Stochastic Calculus for Finance');
    await page.getByLabel('Institution').fill('ETH Zurich');
    await page.getByLabel('Term').fill('Autumn 2025');
    await page.getByLabel('Start date').fill('2025-09-15');
    await page.getByLabel('Role').selectOption({ label: 'Lecturer' });
    await page.getByLabel('Description (optional)').fill('Itô calculus, $dX_t = \\mu\\,dt + \\sigma\\,dW_t$, and Girsanov.');
    await page.getByLabel('Smile slides').check();
    await page.getByRole('button', { name: 'Add course' }).click();
    await page.getByRole('cell', { name: 'Smile slides' }).waitFor();
    await staff.screenshot('staff-teaching');
    expectNoProblems(staff);
    await staff.context.close();

    expect(await firstHtml('/teaching')).toContain('Stochastic Calculus for Finance');
    expect(await firstHtml('/sitemap.xml')).toContain(`${BASE_URL}/teaching</loc>`);

    const visitor = await visitFromFooter('Teaching');
    const reader = visitor.page;
    await reader.getByRole('region', { name: '2025–26' }).getByRole('heading', { name: 'Stochastic Calculus for Finance' }).waitFor();
    const [download] = await Promise.all([
      reader.waitForEvent('download'),
      reader.getByRole('list', { name: 'Materials of Stochastic Calculus for Finance' }).getByRole('link', { name: 'Smile slides' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await visitor.screenshot('visitor-teaching');
    expectNoProblems(visitor);
    await visitor.context.close();

    await readInEveryLook(shared.browser, '/teaching');
  }, 180_000);
});
