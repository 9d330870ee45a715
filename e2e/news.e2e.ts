import path from 'node:path';

import { appReady, ARTIFACTS, expectNoProblems, katexFontsLoaded, openSession, readInEveryLook } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { apiCall, apiLogin, firstHtml } from './support/site';

const STAFF = { email: 'nina.news@example.com', password: 'News-passphrase-for-e2e-2026', firstName: 'Nina' };
const PAPER = 'newsome2026smile';
const TEXT = `Paper [accepted at the Journal of Finance](/research/${PAPER}): the smile has an $x^2$ term.`;

const shared = sharedSite({ staff: [STAFF] });

beforeAll(async () => {
  // The paper the news links to comes from an import: set-up, not this journey's subject.
  const { access } = await apiLogin(STAFF.email, STAFF.password);
  await apiCall(access, 'POST', '/api/publications/import/', {
    bibtex: `@article{${PAPER}, author = {Newsome, Nina}, title = {The quadratic smile}, journal = {Journal of Finance}, year = {2026}}`,
  });
});

describe('news as a page', () => {
  it('staff write news with mathematics and a link to a paper; /news and the home page show it rendered, with JavaScript or without', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Manage news' });
    const { page } = staff;
    await page.waitForURL((url) => url.pathname === '/manage-news');
    await page.getByRole('heading', { name: 'Add news' }).waitFor();

    // A paste past the limit stays whole: the form counts how far over it is, and the server refuses it in words.
    staff.allow(/HTTP 400: POST .*\/api\/news\/|status of 400 .*\/api\/news\//);
    const text = page.getByLabel('What happened');
    await text.fill('x'.repeat(400));
    await page.getByText('400 of 280 characters: 120 too many').waitFor();
    await page.getByRole('button', { name: 'Add news item' }).click();
    await page.getByText('The news item was not added. Keep it to 280 characters.').waitFor();
    expect(await text.inputValue()).toHaveLength(400);

    await page.getByLabel('Date').fill('2026-11-21');
    await text.fill(TEXT);
    await page.getByLabel('Link (optional)').fill(`/research/${PAPER}`);
    await page.getByRole('button', { name: 'Add news item' }).click();
    await page.getByText('News item added.').waitFor();
    await page.getByRole('cell', { name: TEXT }).waitFor();
    await staff.screenshot('staff-manage-news');
    expectNoProblems(staff);
    await staff.context.close();

    // The first HTML of both pages holds the item rendered: its link, its formula typeset, never its source.
    for (const address of ['/news', '/']) {
      const html = await firstHtml(address);
      expect(html).toContain(`<a href="/research/${PAPER}">accepted at the Journal of Finance</a>`);
      expect(html).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
      expect(html).toMatch(/<time datetime="2026-11-21">21 Nov 2026<\/time>/i);
      expect(html).toMatch(/<style id="katex-styles">[^<]*\.katex\{/);
    }
    expect(await firstHtml('/news')).toContain(`<link rel="canonical" href="${BASE_URL}/news">`);
    expect(await firstHtml('/sitemap.xml')).toContain(`${BASE_URL}/news</loc>`);

    // Without JavaScript the server's page is the whole page: the formula drawn, the links plain links.
    const plain = await openSession(shared.browser, { javaScript: false });
    await plain.page.goto('/news');
    const item = plain.page.getByRole('list', { name: 'News' }).getByRole('listitem').first();
    await item.locator('time', { hasText: '21 Nov 2026' }).waitFor();
    expect(await item.locator('.katex-html').isVisible()).toBe(true);
    // KaTeX's fonts too, from the font faces the page adds for readers without scripts.
    expect(await katexFontsLoaded(plain.page)).toContain('KaTeX_Main');
    expect(await item.getByRole('link', { name: 'accepted at the Journal of Finance' }).getAttribute('href')).toBe(`/research/${PAPER}`);
    // The session's screenshot scrolls the page with a script; this page has none to run.
    await plain.page.screenshot({ path: path.join(ARTIFACTS, 'visitor-news-no-script.png'), fullPage: true });
    await plain.page.getByRole('link', { name: 'accepted at the Journal of Finance' }).click();
    await plain.page.getByRole('heading', { name: 'The quadratic smile', level: 1 }).waitFor();
    expectNoProblems(plain);
    await plain.context.close();

    // With it, the home page's news leads to all of it, and the item's links to the paper.
    const visitor = await openSession(shared.browser, { width: 360, height: 800 });
    const reader = visitor.page;
    reader.setDefaultTimeout(15_000);
    await reader.goto('/');
    await appReady(reader);
    const news = reader.getByRole('region', { name: 'News' });
    expect(await news.locator('.katex-html').first().isVisible()).toBe(true);
    // The font faces the loader added once the page had painted.
    expect(await katexFontsLoaded(reader)).toContain('KaTeX_Main');
    await visitor.screenshot('visitor-home-news-math-phone');
    await news.getByRole('link', { name: 'All news' }).click();
    await reader.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    await reader.getByRole('link', { name: 'More about the news of 21 Nov 2026' }).click();
    await reader.getByRole('heading', { name: 'The quadratic smile', level: 1 }).waitFor();
    expectNoProblems(visitor);
    await visitor.context.close();

    await readInEveryLook(shared.browser, '/news', { widths: [360, 1440], screenshot: 'visitor-news' });
  }, 240_000);

  it('pages the news twenty at a time, and answers 404 past the last page', async () => {
    const { access } = await apiLogin(STAFF.email, STAFF.password);
    for (let day = 1; day <= 20; day += 1)
      await apiCall(access, 'POST', '/api/news/', { date: `2025-03-${String(day).padStart(2, '0')}`, text: `Seminar number ${day}.`, link: '' });
    const visitor = await openSession(shared.browser);
    const reader = visitor.page;
    reader.setDefaultTimeout(15_000);
    await reader.goto('/news');
    await appReady(reader);
    const pages = reader.getByRole('navigation', { name: 'Pages' });
    await pages.getByText('Page 1 of 2').waitFor();
    await pages.getByRole('link', { name: 'Older' }).click();
    await reader.waitForURL((url) => url.pathname === '/news/page/2');
    await reader.getByText('Seminar number 1.', { exact: true }).waitFor();
    expect(await pages.getByRole('link', { name: 'Newer' }).getAttribute('rel')).toBe('prev');
    expect(await firstHtml('/sitemap.xml')).toContain(`${BASE_URL}/news/page/2</loc>`);
    expect((await fetch(`${BASE_URL}/news/page/3`)).status).toBe(404);
    expectNoProblems(visitor);
    await visitor.context.close();

    await readInEveryLook(shared.browser, '/news/page/2', { widths: [360, 1440] });
  }, 180_000);
});
