import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { accessibilityProblems, ARTIFACTS, expectNoProblems, openSession } from './support/browser';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { apiLogin } from './support/site';

const STAFF = { email: 'dora.documents@example.com', password: 'Documents-passphrase-2026', firstName: 'Dora' };

const shared = sharedSite({ staff: [STAFF] });
let files: string;

/** A small PDF whose text says which version it is. */
const pdf = (text: string) =>
  `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% (${text})\ntrailer<</Root 1 0 R>>\n%%EOF\n`;

beforeAll(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-documents-'));
  fs.writeFileSync(path.join(files, 'volatility-note.pdf'), pdf('first version'));
  fs.writeFileSync(path.join(files, 'volatility-note-v2.pdf'), pdf('second version'));
});
afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

/** A picture of the window as it is (a dialog over the page), where the journeys' full-page pictures would cut the dialog off. */
const windowShot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** The table row of the document or category named `name` in the section with that heading. */
const rowIn = (page: Page, section: string, name: string) =>
  page
    .getByRole('region', { name: section, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: false }) });

/** axe's serious and critical findings, and boxes that stick out past the right edge, on the page as it is now. */
async function problemsOf(page: Page, where: string): Promise<string[]> {
  const overflow = await page.evaluate(() => {
    const sticksOut = (element: Element) =>
      element.tagName !== 'INPUT' && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible';
    const boxes = [document.documentElement, ...document.querySelectorAll('main *:not(.visually-hidden)')].filter(sticksOut);
    return boxes.slice(0, 3).map((element) => `${element.tagName.toLowerCase()} (${element.clientWidth} px wide, content ${element.scrollWidth} px)`);
  });
  return [...(await accessibilityProblems(page)), ...overflow.map((box) => `${box} sticks out past the right edge`)].map((problem) => `${where}: ${problem}`);
}

describe('editing documents and categories', () => {
  it('staff rename a document, replace its file, unmark it, and rename and delete categories', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password);
    const { page } = staff;
    await page.goto('/documents');

    for (const name of ['Working Papers', 'Drafts', 'Mistake']) {
      await page.getByLabel('Category name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Create Category' }).click();
      await page.getByText('Category created successfully!').waitFor();
    }
    await page.getByLabel('File', { exact: true }).setInputFiles(path.join(files, 'volatility-note.pdf'));
    await page.getByLabel('Name', { exact: true }).fill('Volatility note');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Working Papers' });
    await page.getByRole('checkbox', { name: /Make this the current document/ }).check();
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await page.getByText('Document uploaded successfully!').waitFor();
    await rowIn(page, 'Categories', 'Working Papers').getByText('1 document').waitFor();

    // Edit: the dialog opens with the document's fields and its file, and takes the focus.
    const editButton = page.getByRole('button', { name: 'Edit Volatility note' });
    await editButton.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Document' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Volatility note');
    await dialog.getByRole('link', { name: 'volatility-note.pdf' }).waitFor();
    // Escape closes it without saving, and the focus goes back to the Edit button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await editButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await editButton.click();
    await dialog.getByLabel('Name', { exact: true }).fill('Volatility surface note');
    await dialog.getByLabel('Description (optional)').fill('Second version, with the calibration appendix');
    await dialog.getByLabel('Replace file (optional)').setInputFiles(path.join(files, 'volatility-note-v2.pdf'));
    await windowShot(page, 'staff-documents-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Document updated successfully!').waitFor();
    const row = rowIn(page, 'Documents', 'Volatility surface note');
    await row.getByText('Second version, with the calibration appendix').waitFor();

    // The same document now downloads the new file.
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Download Volatility surface note' }).click()]);
    expect(download.suggestedFilename()).toBe('volatility-note-v2.pdf');
    expect(fs.readFileSync(await download.path(), 'utf8')).toContain('(second version)');

    // Unmark Current asks first, then leaves the document not current.
    page.once('dialog', (question) => void question.accept());
    await row.getByRole('button', { name: 'Unmark Current Volatility surface note' }).click();
    await page.getByText('Document unmarked as current!').waitFor();
    await row.getByText('Not current').waitFor();

    // Rename a category: its documents show the new name.
    await rowIn(page, 'Categories', 'Drafts').getByRole('button', { name: 'Rename Drafts' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Category' });
    await rename.getByLabel('Category name').fill('Early drafts');
    await rename.getByLabel('Description (optional)').fill('Ideas not yet circulated');
    await rename.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Category updated successfully!').waitFor();
    await rowIn(page, 'Categories', 'Early drafts').getByText('Ideas not yet circulated').waitFor();

    // An empty category goes after a confirmation.
    await rowIn(page, 'Categories', 'Mistake').getByRole('button', { name: 'Delete Mistake' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this category?' });
    await remove.getByText('“Mistake” holds no documents.').waitFor();
    await remove.getByRole('button', { name: 'Delete category' }).click();
    await page.getByText('Category deleted successfully!').waitFor();
    await rowIn(page, 'Categories', 'Mistake').waitFor({ state: 'detached' });

    // A category holding a document goes together with moving it.
    await rowIn(page, 'Categories', 'Working Papers').getByRole('button', { name: 'Delete Working Papers' }).click();
    await remove.getByText('“Working Papers” holds 1 document.').waitFor();
    await remove.getByLabel('Move its documents to').selectOption({ label: 'Early drafts' });
    await windowShot(page, 'staff-documents-delete-category');
    await remove.getByRole('button', { name: 'Delete category' }).click();
    await page.getByText('Category deleted successfully!').waitFor();
    await rowIn(page, 'Categories', 'Early drafts').getByText('1 document').waitFor();
    await row.getByRole('cell', { name: 'Early drafts', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Categories' }).evaluate((heading) => heading === document.activeElement)).toBe(true);
    await staff.screenshot('staff-documents-after-edits');

    await page.goto('/admin/audit');
    for (const action of ['Replaced a document’s file', 'Unmarked a current document', 'Edited a document category', 'Deleted a document category']) {
      await page.getByText(action).first().waitFor();
    }
    expectNoProblems(staff);
    await staff.context.close();
  });

  it('the screen and its dialogs have no serious or critical axe finding at 360 px and on a desktop, light and dark', async () => {
    const found: string[] = [];
    for (const width of [360, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        const session = await openSession(shared.browser, { width, height: 800 });
        const { page, context } = session;
        const tokens = await apiLogin(STAFF.email, STAFF.password);
        await context.addInitScript(
          ({ mode, access, refresh }) => {
            localStorage.setItem('theme', mode);
            localStorage.setItem('access', access);
            localStorage.setItem('refresh', refresh);
          },
          { mode: theme, access: tokens.access, refresh: tokens.refresh },
        );
        const at = `${width} px, ${theme}`;
        await page.goto('/documents');
        await page.getByRole('button', { name: 'Edit Volatility surface note' }).waitFor();
        found.push(...(await problemsOf(page, `${at}, screen`)));

        await page.getByRole('button', { name: 'Edit Volatility surface note' }).click();
        await page.getByRole('dialog', { name: 'Edit Document' }).waitFor();
        found.push(...(await problemsOf(page, `${at}, edit dialog`)));
        if (width === 360) await windowShot(page, `staff-documents-edit-phone-${theme}`);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Rename Early drafts' }).click();
        await page.getByRole('dialog', { name: 'Rename Category' }).waitFor();
        found.push(...(await problemsOf(page, `${at}, rename dialog`)));
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Delete Early drafts' }).click();
        await page.getByRole('dialog', { name: 'Delete this category?' }).getByText('“Early drafts” holds 1 document').waitFor();
        found.push(...(await problemsOf(page, `${at}, delete dialog`)));
        if (width === 360) await windowShot(page, `staff-documents-delete-phone-${theme}`);
        await page.getByRole('button', { name: 'Keep it' }).click();
        if (width === 360) await session.screenshot(`staff-documents-phone-${theme}`);
        expectNoProblems(session);
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
