import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';

import { appReady, expectNoProblems, openSession, type Session } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';
import { signIn, staffSession } from './support/signIn';
import { uniqueEmail } from './support/site';

const STAFF = { email: 'stella.staff@example.com', password: 'Staff-passphrase-for-e2e-2026' };
const CV_FILE_NAME = 'Northcote CV 2026.pdf';

const shared = sharedSite({ staff: [STAFF] });
let files: string;

/** Three distinct photos and a small PDF, written where the file pickers can take them. */
async function makeFiles(): Promise<void> {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-files-'));
  const colours = [
    { r: 31, g: 95, b: 116 },
    { r: 180, g: 120, b: 40 },
    { r: 90, g: 60, b: 130 },
  ];
  for (const [i, background] of colours.entries()) {
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toFile(path.join(files, `banner-${i + 1}.jpg`));
  }
  const pdf = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  fs.writeFileSync(path.join(files, CV_FILE_NAME), pdf);
}

beforeAll(async () => {
  await makeFiles();
});
afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

/** Pictures of the screen at `route` as it is, and at a phone's width (`name`-phone). */
async function screenshots(session: Session, route: string, name: string) {
  await session.screenshot(name);
  await session.page.setViewportSize({ width: 390, height: 844 });
  await session.page.goto(route);
  await session.page.getByRole('heading', { level: 1 }).first().waitFor();
  await session.screenshot(`${name}-phone`);
  await session.page.setViewportSize({ width: 1280, height: 860 });
}

/** Creates a gallery or a document category with the card on `route` that makes one. */
async function createNamed(session: Session, route: string, noun: 'Gallery' | 'Category', name: string) {
  await session.page.goto(route);
  await session.page.getByLabel(`${noun} name`, { exact: true }).fill(name);
  await session.page.getByRole('button', { name: `Create ${noun}` }).click();
  await session.page.getByText(`${noun} created successfully!`).waitFor();
}

describe('the staff area', () => {
  it('staff publish banner photos and a current CV that visitors see at once', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password);
    const { page } = staff;

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Manage My Photos' }).waitFor();
    await screenshots(staff, '/dashboard', 'staff-dashboard');

    await createNamed(staff, '/photos', 'Gallery', 'page-logos');

    await page.getByLabel('Images', { exact: true }).setInputFiles([1, 2, 3].map((i) => path.join(files, `banner-${i}.jpg`)));
    await page.getByLabel('Title', { exact: true }).fill('Banner');
    await page.getByLabel('Gallery', { exact: true }).selectOption({ label: 'page-logos' });
    await page.getByRole('button', { name: 'Upload Images' }).click();
    await page.getByText('Successfully uploaded 3 image(s)!').waitFor();
    await page.getByRole('cell', { name: 'Banner - banner-3.jpg', exact: true }).waitFor();
    await screenshots(staff, '/photos', 'staff-photos');

    await page.goto('/galleries');
    await page.getByText('page-logos').first().waitFor();
    await screenshots(staff, '/galleries', 'staff-galleries');

    await createNamed(staff, '/documents', 'Category', 'CV');
    await page.getByLabel('File', { exact: true }).setInputFiles(path.join(files, CV_FILE_NAME));
    await page.getByLabel('Name', { exact: true }).fill('Curriculum vitae');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'CV' });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText('Document uploaded successfully!').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Mark Current Curriculum vitae' }).click();
    await page.getByText('Document marked as current!').waitFor();
    await screenshots(staff, '/documents', 'staff-documents');

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Backend Administration' }).waitFor();
    await page.getByRole('cell', { name: STAFF.email }).first().waitFor();
    await screenshots(staff, '/admin', 'staff-admin-users');
    await page.goto('/admin/audit');
    // Every staff action above is in the audit log.
    await page.getByText('Marked a document current').first().waitFor();
    await page.getByText('Uploaded an image').first().waitFor();
    await staff.screenshot('staff-admin-audit');
    expectNoProblems(staff);
    await staff.context.close();

    const visitor = await openSession(shared.browser, { reducedMotion: 'no-preference' });
    await visitor.page.goto('/');
    await appReady(visitor.page);
    const banner = visitor.page.getByRole('button', { name: 'Show the next picture' });
    const picture = banner.locator('img');
    await picture.waitFor();
    await visitor.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('button img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const first = await picture.getAttribute('src');
    expect(first).toContain('/media/');
    // Keyboard activation is a click without the hover that a mouse click brings along.
    await banner.focus();
    await visitor.page.keyboard.press('Enter');
    await visitor.page.waitForFunction((src) => document.querySelector('button img')?.getAttribute('src') !== src, first);
    const second = await picture.getAttribute('src');
    await banner.hover();
    await visitor.page.waitForFunction((src) => document.querySelector('button img')?.getAttribute('src') !== src, second);
    expect(new Set([first, second, await picture.getAttribute('src')]).size).toBe(3);
    await visitor.screenshot('visitor-home-with-banner');

    await visitor.page.goto('/cv');
    const download = visitor.page.getByRole('link', { name: 'Download CV (Current)' });
    await download.waitFor();
    const [file] = await Promise.all([visitor.page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(CV_FILE_NAME);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await visitor.screenshot('visitor-cv-with-download');
    expectNoProblems(visitor);
    await visitor.context.close();

    // The visitor's download counts for the CV on the staff dashboard, this week.
    const owner = await openSession(shared.browser);
    await signIn(owner.page, STAFF.email, STAFF.password);
    await owner.page.goto('/dashboard');
    const counted = owner.page.getByRole('listitem', { name: 'Curriculum vitae' });
    await counted.getByText('CV · current · 1 download in 12 weeks').waitFor();
    expect(await counted.getByText(/^Week of .*: 1 download$/).count()).toBe(1);
    await owner.screenshot('staff-dashboard-downloads');
    expectNoProblems(owner);
    await owner.context.close();
  });

  it('refuses a signed-in visitor who is not staff', async () => {
    const email = uniqueEmail('member');
    const password = 'Member-passphrase-2026';
    const registered = await fetch(`${BASE_URL}/api/users/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE_URL },
      body: JSON.stringify({ email, password, password2: password, first_name: 'Mina', last_name: 'Member', interest_notes: '' }),
    });
    expect(registered.status).toBe(201);

    const session = await openSession(shared.browser);
    const { page } = session;
    await signIn(page, email, password);
    for (const [route, message] of [
      ['/documents', 'You must be an administrator to manage documents.'],
      ['/photos', 'You must be an administrator to manage photos and galleries.'],
      ['/galleries', 'You must be an administrator to manage galleries.'],
    ]) {
      await page.goto(route);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page.getByText(message).waitFor();
    }
    await session.screenshot('member-access-denied');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expectNoProblems(session);
    await session.context.close();
  });
});
