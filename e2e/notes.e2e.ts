import path from 'node:path';

import sharp from 'sharp';

import { accessibilityProblems, appReady, ARTIFACTS, expectNoProblems, openSession, readInEveryLook } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { apiCall, apiLogin, firstHtml } from './support/site';

const STAFF = { email: 'nora.notes@example.com', password: 'Notes-passphrase-for-e2e-2026', firstName: 'Nora' };
const TITLE = 'Equity curves and volatility smiles';
const SLUG = 'equity-curves-and-volatility-smiles';

const shared = sharedSite({ staff: [STAFF] });
let photoId: number;

beforeAll(async () => {
  // The picture the note shows comes from the photo library: uploading it is not this journey's subject.
  const { access } = await apiLogin(STAFF.email, STAFF.password);
  const form = new FormData();
  form.append('title', 'Smile at three maturities');
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 110, b: 150 } } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'smile.png');
  photoId = (await apiCall<{ id: number }>(access, 'POST', '/api/photos/images/', form)).id;
});

/** A time `seconds` from now as a `datetime-local` input takes it, in the browser's (and this machine's) time zone. */
function localInput(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

const body = () =>
  [
    'A strategy grows as $V_t = V_0 e^{\\mu t}$, and its options are priced off the smile:',
    '',
    '$$',
    '\\sigma_{\\text{imp}}(K) = \\sigma_0 + \\beta \\log(K / S)',
    '$$',
    '',
    '```python',
    'import numpy as np',
    'equity = np.cumprod(1 + returns)  # growth of $1',
    '```',
    '',
    '| Year | Return |',
    '|------|--------|',
    '| 2024 | 12.1%  |',
    '',
    'Drawdowns were shallow.[^dd]',
    '',
    `![The smile at three maturities](photo:${photoId})`,
    '',
    '```chart',
    'type: line',
    'title: Equity curve',
    'x: Date',
    'y: Growth of $1',
    '---',
    'date,strategy,benchmark',
    '2024-01-02,1.00,1.00',
    '2024-04-01,1.04,1.02',
    '2024-07-01,1.09,1.03',
    '2024-10-01,1.12,1.06',
    '```',
    '',
    '[^dd]: The worst was 4% in April.',
  ].join('\n');

describe('notes', () => {
  it('staff write a note with math, code, a table, a footnote, a picture and a chart, schedule it, and it appears at its time everywhere', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { screen: 'Manage notes' });
    const { page } = staff;
    await page.getByRole('link', { name: 'New note' }).click();
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe(SLUG);
    await page.getByLabel('Summary').fill('Growth of a dollar and the smile that prices its hedges.');
    await page.getByLabel('Tags').fill('volatility, backtesting');

    // A malformed chart is named by its line in the preview, and the text stays.
    await page.getByLabel('Body', { exact: true }).fill('```chart\ntitle: Broken\n---\ndate,equity\n2024-01-02,one\n```');
    await page.getByText('Line 5: "one" in column "equity" is not a number.').waitFor();

    await page.getByLabel('Body', { exact: true }).fill(body());
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.locator('math').first().waitFor();
    await preview.locator('figure.chart svg').waitFor();
    await preview.locator('.hljs-keyword').first().waitFor();
    await preview.locator(`img[alt="The smile at three maturities"]`).waitFor();
    await staff.screenshot('staff-note-editor');

    await page.getByLabel('Schedule').check();
    await page.getByLabel('Publish at').fill(localInput(10));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    expectNoProblems(staff);
    await staff.context.close();

    // Until its time, visitors and crawlers see nothing of it.
    expect((await fetch(`${BASE_URL}/notes/${SLUG}`)).status).toBe(404);
    expect(await firstHtml('/notes')).not.toContain(TITLE);
    expect(await firstHtml('/feed.xml')).not.toContain(TITLE);

    // The server publishes it at its time, by itself.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await fetch(`${BASE_URL}/notes/${SLUG}`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    const note = await firstHtml(`/notes/${SLUG}`);
    expect(note).toMatch(new RegExp(`<h1[^>]*>${TITLE}</h1>`));
    for (const part of ['<math', '<figure class="chart"><svg', 'hljs-keyword', '<table>', 'user-content-fn-dd', 'alt="The smile at three maturities"'])
      expect([part, note.includes(part)]).toEqual([part, true]);
    expect(await firstHtml('/notes')).toContain(TITLE);
    expect(await firstHtml('/')).toContain(TITLE);
    expect(await firstHtml('/feed.xml')).toContain(TITLE);
    expect(await firstHtml('/feed.json')).toContain(TITLE);
    expect(await firstHtml('/sitemap.xml')).toContain(`/notes/${SLUG}</loc>`);

    // Readable with no script at all, at a phone's width.
    const reader = await openSession(shared.browser, { width: 360, height: 800, javaScript: false });
    await reader.page.goto(`/notes/${SLUG}`);
    await reader.page.getByRole('heading', { name: TITLE }).waitFor();
    await reader.page.locator('figure.chart svg').waitFor();
    // The session's screenshot scrolls the page with a script; this page has none to run.
    await reader.page.screenshot({ path: path.join(ARTIFACTS, 'visitor-note-no-script-phone.png'), fullPage: true });
    await reader.context.close();

    // No serious or critical accessibility problem on the note, at a phone's width and a desktop's, in both themes.
    await readInEveryLook(shared.browser, `/notes/${SLUG}`);

    const visitor = await openSession(shared.browser);
    await visitor.page.goto('/notes');
    await appReady(visitor.page);
    await visitor.page.getByRole('link', { name: TITLE }).click();
    await visitor.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await visitor.screenshot('visitor-note');
    expectNoProblems(visitor);
    await visitor.context.close();
  }, 150_000);

  it('staff lose no words: a reload mid-sentence restores them, a pasted picture joins the library and the note, and Ctrl+S saves', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { width: 1440, height: 900 });
    const { page } = staff;
    // Leaving unsaved edits asks first; here the owner means to reload.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/manage-notes/new');
    const bodyField = page.getByLabel('Body', { exact: true });
    await page.getByLabel('Title', { exact: true }).fill('Carry, unsaved');
    await bodyField.fill('Carry pays until it does not.');
    // The pause in typing keeps a copy on the server.
    await page.getByText(/^Kept as you type/).waitFor();
    // Words typed just before the reload, before any pause, are kept by this browser as the page goes.
    await bodyField.press('End');
    await page.keyboard.type(' Then it crashes');
    await page.reload();

    await page.getByText(/^Recovered unsaved changes from \d{1,2}:\d{2}/).waitFor();
    expect(await bodyField.inputValue()).toBe('Carry pays until it does not. Then it crashes');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Carry, unsaved');
    expect(await accessibilityProblems(page)).toEqual([]);
    await staff.screenshot('staff-note-recovered');
    await page.getByRole('button', { name: 'Keep them' }).click();

    // A picture pasted at the end of the text: a real PNG, as the clipboard hands it over.
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 180, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    await bodyField.press('End');
    await bodyField.press('Enter');
    await bodyField.evaluate((area, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, png.toString('base64'));
    const dialog = page.getByRole('dialog', { name: 'Describe the picture' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Insert picture' }).click();
    await dialog.getByText('Describe what the picture shows.').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByLabel('What the picture shows').fill('Carry by currency');
    await dialog.getByRole('button', { name: 'Insert picture' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await bodyField.inputValue()).toMatch(/^Carry pays until it does not\. Then it crashes\n!\[Carry by currency\]\(photo:\d+\)$/);
    await page.getByRole('region', { name: 'Preview' }).locator('img[alt="Carry by currency"]').waitFor();

    // Ctrl+S saves the new note, which moves to its own address.
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/manage-notes\/\d+$/);
    await page.getByRole('heading', { name: 'Edit note', level: 1 }).waitFor();
    await page.getByText('Saved.', { exact: true }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // …and a saved note's next edit likewise, the focus anywhere.
    await bodyField.press('Control+End');
    await page.keyboard.type(' Hedged.');
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Edit note', level: 1 }).click();
    await page.keyboard.press('Control+s');
    await page.getByText('Unsaved changes', { exact: true }).waitFor({ state: 'hidden' });

    const { access } = await apiLogin(STAFF.email, STAFF.password);
    const saved = await apiCall<{ body: string; status: string }>(access, 'GET', `/api/notes/manage/${id}/`);
    expect(saved.status).toBe('draft');
    const pictureId = Number(/photo:(\d+)/.exec(saved.body)?.[1]);
    expect(saved.body).toBe(`Carry pays until it does not. Then it crashes\n![Carry by currency](photo:${pictureId}) Hedged.`);
    const library = await apiCall<{ id: number; title: string }[]>(access, 'GET', '/api/photos/images/');
    expect(library.find((image) => image.id === pictureId)?.title).toBe('Carry by currency');
    // Saving dropped the kept copies: opening the editor again offers nothing.
    for (const where of ['new', String(id)])
      expect((await fetch(`${BASE_URL}/api/notes/manage/${where}/autosave/`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(204);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('note-draft:')))).toEqual([]);

    // The editor at a phone's width: nothing serious or critical for axe there either.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('form', { name: 'Note' }).waitFor();
    expect(await page.getByText(/^Recovered unsaved changes/).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Picture', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Insert a picture' })
      .getByRole('radio', { name: /Carry by currency/ })
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await staff.screenshot('staff-note-picture-picker-phone');
    expectNoProblems(staff);
    await staff.context.close();
  }, 120_000);
});
