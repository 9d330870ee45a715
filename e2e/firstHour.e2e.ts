import type { Page } from 'playwright-core';
import sharp from 'sharp';

import { linkIn, type Mail } from '../__tests__/mailbox';
import { accessibilityProblems, appReady, expectNoProblems, openSession, type Session } from './support/browser';
import { ownSite } from './support/ownSite';
import { submitSignIn } from './support/signIn';

const OWNER = { email: 'margit.owner@example.org', password: 'First-hour-passphrase-2026' };
const IDENTITY = {
  name: 'Margit Halvorsen',
  title: 'Volatility Researcher',
  email: 'margit@halvorsen.example',
  linkedin: 'https://www.linkedin.com/in/margit-halvorsen',
  scholar: 'https://scholar.google.com/citations?user=MARGIT',
  tagline: 'Careful models of volatility, tested until they break.',
};
const READER = 'reader.first-hour@example.net';

/** The example person the site starts as: none of him may be left once the owner has set it up. */
const EXAMPLE_TRACES = [/Elias/i, /Northcote/i, /eliasnorthcote/i, /elias-northcote/i, /contact@eliasnorthcote\.com/i];
const tracesIn = (text: string) => EXAMPLE_TRACES.filter((trace) => trace.test(text)).map(String);

/**
 * An owner's first hour on a new site: the operator command makes their account on an empty site,
 * the first sign-in lands on the setup, and once they have given their name and email the site,
 * its feeds, its structured data and its mail speak as them alone. A site of its own, with a real
 * SMTP server, so that the follower mail is read as a mailbox gets it.
 */
const own = ownSite({ owner: { ...OWNER, firstName: 'Margit' } });

/** The owner signs in through the form; a site not set up leads them to the setup screen. */
async function signInToSetup(width: number): Promise<Session> {
  const session = await openSession(own.browser, { width, height: 900, baseUrl: own.base });
  session.page.setDefaultTimeout(15_000);
  await submitSignIn(session.page, OWNER.email, OWNER.password);
  await session.page.waitForURL((url) => url.pathname === '/setup');
  await session.page.getByRole('heading', { level: 1, name: 'Set up your site' }).waitFor();
  await session.page.getByRole('form', { name: 'Site setup' }).waitFor();
  return session;
}

async function fillSetup(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Site setup' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(IDENTITY.name);
  await form.getByRole('textbox', { name: 'Title' }).fill(IDENTITY.title);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(IDENTITY.email);
  await form.getByRole('textbox', { name: 'Tagline' }).fill(IDENTITY.tagline);
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#4a6b82' } })
    .png()
    .toBuffer();
  await form.getByLabel('Photo (optional)').setInputFiles({ name: 'margit.png', mimeType: 'image/png', buffer: photo });
  await form.getByRole('textbox', { name: 'LinkedIn' }).fill(IDENTITY.linkedin);
  await form.getByRole('textbox', { name: 'Google Scholar' }).fill(IDENTITY.scholar);
  // The harder case for the check below: the example's biography and CV stay, to be edited.
  await form.getByRole('radio', { name: /Keep the example to edit/ }).check();
}

const text = async (path: string) => {
  const res = await fetch(`${own.base}${path}`);
  expect([path, res.status]).toEqual([path, 200]);
  return res.text();
};

async function nthMailTo(to: string, count: number): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = own.smtp.received.filter((mail) => mail.to === to);
    if (mails.length >= count) return mails[count - 1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${to} received no message ${count}`);
}

describe('the owner’s first hour', () => {
  it('a fresh site speaks as the example person until the owner sets it up', async () => {
    const home = await text('/');
    expect(home).toContain('Elias Northcote');
  });

  it('the first sign-in lands on the setup screen, which axe finds nothing serious on at 360 and 1440 px', async () => {
    // A phone first, which leaves the setup undone.
    const phone = await signInToSetup(360);
    expect(await accessibilityProblems(phone.page)).toEqual([]);
    // Nothing on it is wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.screenshot('setup-360');
    expectNoProblems(phone);
    await phone.context.close();

    const desk = await signInToSetup(1440);
    const { page } = desk;
    expect(await accessibilityProblems(page)).toEqual([]);
    await fillSetup(page);
    await desk.screenshot('setup-1440');
    // Sent with a field wrong, it says so where it is; axe still finds nothing serious.
    await page.getByRole('form', { name: 'Site setup' }).getByRole('textbox', { name: 'Email', exact: true }).fill('not an address');
    await page.getByRole('button', { name: 'Set up the site' }).click();
    await page.getByText('Enter a valid email address.').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('form', { name: 'Site setup' }).getByRole('textbox', { name: 'Email', exact: true }).fill(IDENTITY.email);
    await page.getByRole('button', { name: 'Set up the site' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Your site is set up.').waitFor();
    const example = page.getByRole('region', { name: 'Example content' });
    await example.getByRole('listitem').filter({ hasText: 'About text' }).waitFor();
    await expect(page.getByRole('banner').textContent()).resolves.toContain(IDENTITY.name);
    await desk.screenshot('setup-done-dashboard-1440');

    // Done once: the setup is not offered again, and the identity stays editable on the site-content screen.
    await page.goto('/setup');
    await page.getByText('The site is set up already').waitFor();
    await page.goto('/site-content');
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(IDENTITY.name);
    expect(await page.getByRole('textbox', { name: 'LinkedIn' }).inputValue()).toBe(IDENTITY.linkedin);
    await page.getByText('Example content').first().waitFor();
    expectNoProblems(desk);
    await desk.context.close();
  });

  it('no public page, feed, structured data or follower mail shows a trace of the example person', async () => {
    const sitemap = await text('/sitemap.xml');
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(pages).toEqual(expect.arrayContaining(['/', '/cv', '/about', '/on-the-web']));
    for (const path of [...pages, '/no-such-page-here']) {
      const res = await fetch(`${own.base}${path}`);
      const html = await res.text();
      expect([path, tracesIn(html)]).toEqual([path, []]);
    }
    for (const feed of ['/feed.xml', '/feed.json']) {
      const body = await text(feed);
      expect([feed, tracesIn(body)]).toEqual([feed, []]);
      expect(body).toContain(IDENTITY.name);
    }

    const home = await text('/');
    const structured = [...home.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]) as unknown);
    const person = structured.find((data) => (data as { '@type'?: string })['@type'] === 'Person') as Record<string, unknown>;
    expect(person).toMatchObject({
      name: IDENTITY.name,
      jobTitle: IDENTITY.title,
      email: `mailto:${IDENTITY.email}`,
      sameAs: [IDENTITY.linkedin, IDENTITY.scholar],
    });
    expect(tracesIn(JSON.stringify(structured))).toEqual([]);
    const share = await fetch(`${own.base}/share-image.png`);
    expect(share.headers.get('content-type')).toBe('image/png');

    // The public CV, as a visitor's browser shows it after the app has taken it over.
    const visitor = await openSession(own.browser, { width: 1280, baseUrl: own.base });
    visitor.page.setDefaultTimeout(15_000);
    await visitor.page.goto('/cv');
    await appReady(visitor.page);
    const cv = await visitor.page.getByRole('main').textContent();
    expect(cv).toContain(IDENTITY.email);
    expect(tracesIn(cv ?? '')).toEqual([]);
    expect(await visitor.page.getByRole('link', { name: IDENTITY.email }).first().getAttribute('href')).toBe(`mailto:${IDENTITY.email}`);

    // A reader follows by email; the confirmation comes through the mail server, in the owner's name.
    const footer = visitor.page.getByRole('contentinfo');
    await footer.getByLabel('Follow the research', { exact: true }).fill(READER);
    await footer.getByRole('button', { name: 'Follow', exact: true }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/follow/requested');
    const confirmation = await nthMailTo(READER, 1);
    expect(confirmation.subject).toBe(`Confirm that you want emails from ${IDENTITY.name}`);
    expect(confirmation.headers.from).toContain(IDENTITY.name);
    expect(confirmation.text).toContain(`— ${IDENTITY.name}, ${own.base}`);
    expect(tracesIn(confirmation.raw)).toEqual([]);
    expect(linkIn(confirmation, `${own.base}/follow/confirm/`)).toBeTruthy();
    expectNoProblems(visitor);
    await visitor.context.close();
  });
});
