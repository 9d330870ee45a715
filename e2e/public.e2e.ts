import path from 'node:path';

import { appReady, ARTIFACTS, expectNoProblems, openSession } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';

const shared = sharedSite();

describe('a visitor’s tour of the public site', () => {
  it('reads every public page from the top bar, in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await openSession(shared.browser, { reducedMotion: 'no-preference' });
      const { page } = session;
      // Until staff publish a CV, current_cv answers 404 and the CV page says so.
      session.allow(/current_cv|status of 404/);
      await page.goto('/');
      await appReady(page);
      if (colorScheme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      }
      await page.getByRole('heading', { name: 'Quantitative Research', exact: true }).waitFor();
      // The banner: staff pictures when the staff journey has run first, the initials otherwise.
      await page
        .getByRole('button', { name: 'Show the next picture' })
        .or(page.getByRole('img', { name: /Elias Northcote/ }))
        .first()
        .waitFor();
      await session.screenshot(`public-home-${colorScheme}`);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'CV' }).click();
      await page.getByRole('heading', { name: 'Curriculum Vitae' }).waitFor();
      await page
        .getByRole('button', { name: 'No Current CV Found' })
        .or(page.getByRole('link', { name: 'Download CV (Current)' }))
        .waitFor();
      const mailto = await page.getByRole('link', { name: 'Ask for More Information' }).getAttribute('href');
      expect(mailto).toMatch(/^mailto:[^?]+\?subject=/);
      expect(await page.title()).toMatch(/^CV \| /);
      await session.screenshot(`public-cv-${colorScheme}`);

      await nav.getByRole('link', { name: 'On the Web' }).click();
      await page.getByRole('heading', { name: 'On the Web', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: /Visit Page/ }).getAttribute('target')).toBe('_blank');
      expect(await page.getByText('Coming Soon').count()).toBe(5);
      await session.screenshot(`public-on-the-web-${colorScheme}`);

      await nav.getByRole('link', { name: 'About' }).click();
      await page.getByRole('heading', { name: 'About', level: 1 }).waitFor();
      await session.screenshot(`public-about-${colorScheme}`);

      await nav.getByRole('link', { name: 'Home' }).click();
      await page.getByRole('heading', { name: 'Quantitative Research', exact: true }).waitFor();
      expectNoProblems(session);
      await session.context.close();
    }
  });

  it('keeps the chosen theme across a reload', async () => {
    const session = await openSession(shared.browser);
    const { page } = session;
    await page.goto('/about');
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    // The page arrives dark from the server (theme cookie), before any script runs.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await appReady(page);
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([true, 'dark']);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expectNoProblems(session);
    await session.context.close();
  });

  it('shows the not-found page for an unknown address', async () => {
    const session = await openSession(shared.browser);
    const { page } = session;
    // A real 404 status, which the browser reports.
    session.allow(/no\/such\/page|status of 404/);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Bee Error?' }).waitFor();
    await page.getByText('.. ops it seems this page cannot be found ..').waitFor();
    await page.getByText('We can’t seem to find the page you are looking for!').waitFor();
    expect(await page.title()).toMatch(/^404 \| /);
    await page.getByText(String(new Date().getFullYear())).first().waitFor();
    await session.screenshot('public-not-found');
    await page.getByRole('link', { name: 'Back to Home Page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expectNoProblems(session);
    await session.context.close();
  });

  it('works from the collapsible menu on a 390 px phone', async () => {
    const session = await openSession(shared.browser, { width: 390, height: 844 });
    const { page } = session;
    session.allow(/current_cv|status of 404/);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Quantitative Research', exact: true }).waitFor();
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await session.screenshot('public-home-phone');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Register' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'public-menu-open-phone.png') });
    await menu.getByRole('link', { name: 'CV' }).click();
    await page.getByRole('heading', { name: 'Curriculum Vitae' }).waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await session.screenshot('public-cv-phone');
    expectNoProblems(session);
    await session.context.close();
  });

  it('takes over each server-rendered page with the server’s class names, compiling no style twice', async () => {
    const session = await openSession(shared.browser, { width: 390 });
    session.allow(/current_cv|status of 404/);
    // Every rule the page's scripts add to a style sheet: taking over the server's sheet adds each once.
    await session.page.addInitScript(() => {
      const added: string[] = [];
      (window as unknown as { addedRules: string[] }).addedRules = added;
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function record(rule: string, index?: number) {
        added.push(rule);
        return insertRule.call(this, rule, index);
      };
    });
    for (const url of ['/', '/cv', '/on-the-web', '/about']) {
      const serverHtml = await (await fetch(`${BASE_URL}${url}`)).text();
      await session.page.goto(url);
      await appReady(session.page);
      // A style the browser added is for something it rendered that the server did not (the top bar's
      // signed-out links); one for an element already on the page means the class names differ.
      const restyled = await session.page.evaluate((html) => {
        const live = new Set([...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]));
        const styled = [...document.querySelectorAll('style[data-styled]')].flatMap((style) =>
          [...(style as HTMLStyleElement).sheet!.cssRules].flatMap((rule) => [...rule.cssText.matchAll(/\.([A-Za-z][\w-]+)/g)].map((match) => match[1])),
        );
        return [...new Set(styled)].filter((name) => !html.includes(name) && !live.has(name));
      }, serverHtml);
      expect({ url, restyled }).toEqual({ url, restyled: [] });
      const added = await session.page.evaluate(() => (window as unknown as { addedRules: string[] }).addedRules);
      expect({ url, twice: added.filter((rule, index) => added.indexOf(rule) !== index) }).toEqual({ url, twice: [] });
    }
    expectNoProblems(session);
    await session.context.close();
  });

  it('answers search engines and link previews with finished pages (no script run)', async () => {
    const pages = { '/': 'Elias Northcote', '/cv': 'CV | Elias Northcote', '/on-the-web': 'On the Web | Elias Northcote', '/about': 'About | Elias Northcote' };
    for (const [url, title] of Object.entries(pages)) {
      const res = await fetch(`${BASE_URL}${url}`);
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${BASE_URL}${url}">`);
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    }
    expect(await (await fetch(`${BASE_URL}/`)).text()).toContain('<script type="application/ld+json">');
    const robots = await fetch(`${BASE_URL}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    expect(await (await fetch(`${BASE_URL}/sitemap.xml`)).text()).toContain(`<loc>${BASE_URL}/about</loc>`);
    expect((await fetch(`${BASE_URL}/no/such/page`)).status).toBe(404);
  });
});
