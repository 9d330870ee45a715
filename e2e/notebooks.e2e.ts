import fs from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';
import sharp from 'sharp';

import { accessibilityProblems, appReady, ARTIFACTS, expectNoProblems, openSession, readInEveryLook, type Session } from './support/browser';
import { BASE_URL } from './support/server';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';
import { apiLogin } from './support/site';

const STAFF = { email: 'nadia.notebooks@example.com', password: 'Notebooks-passphrase-for-e2e-2026', firstName: 'Nadia' };
const TITLE = 'Value and momentum, factor by factor';
const FILE_NAME = 'factor-returns.ipynb';
const DESCRIBED = 'Cumulative return of the value factor';
const TYPED_ALT = 'Drawdowns of the momentum factor, deepest in 2009';

const shared = sharedSite({ staff: [STAFF] });
let notebook: Buffer;

const lines = (text: string) => text.split(/(?<=\n)/);

async function pngBase64(colour: string): Promise<string> {
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 600, height: 8, channels: 3, background: '#222' } }, left: 100, top: 240 }])
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** A frame as pandas prints it: a wide table of monthly factor returns. */
function dataFrameHtml(): string {
  const factors = ['value', 'momentum', 'quality', 'size', 'low_vol', 'carry', 'profitability', 'investment', 'reversal', 'beta'];
  const rows = ['2024-01', '2024-02', '2024-03'].map(
    (month, row) =>
      `<tr><th>${month}</th>${factors.map((_, column) => `<td>${((((row + 1) * (column + 3)) % 7) / 100 - 0.02).toFixed(3)}</td>`).join('')}</tr>`,
  );
  return [
    '<div>',
    '<style scoped>.dataframe tbody tr th { vertical-align: top; }</style>',
    '<table border="1" class="dataframe">',
    `<thead><tr style="text-align: right;"><th>month</th>${factors.map((factor) => `<th>${factor}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
    '</div>',
  ].join('\n');
}

/**
 * Cells: 1 the title and prose, 2 a table, 3 a figure the notebook describes, 4 one it does not, 5 an
 * error printed in colours, 6 a cell whose code is folded away (tagged hide-input).
 */
async function factorNotebook(): Promise<Buffer> {
  const [value, momentum] = await Promise.all([pngBase64('#cfe3f5'), pngBase64('#f5dccf')]);
  const code = (source: string, outputs: unknown[], metadata: Record<string, unknown> = {}, count = 1) => ({
    cell_type: 'code',
    metadata,
    source: lines(source),
    execution_count: count,
    outputs,
  });
  return Buffer.from(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: 'python3', display_name: 'Python 3 (ipykernel)', language: 'python' }, language_info: { name: 'python' } },
      cells: [
        { cell_type: 'markdown', metadata: {}, source: lines(`# ${TITLE}\n\nMonthly returns of ten factors, with $r_t = \\log P_t - \\log P_{t-1}$.\n`) },
        code('frame = returns.pivot(index="month", columns="factor")\nframe', [
          { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/html': lines(dataFrameHtml()), 'text/plain': ['<DataFrame>'] } },
        ]),
        code('plot(frame.value.cumsum())', [{ output_type: 'display_data', metadata: {}, data: { 'image/png': value, 'text/plain': ['<Figure>'] } }], {
          alt: DESCRIBED,
        }),
        code('plot(drawdowns(frame.momentum))', [{ output_type: 'display_data', metadata: {}, data: { 'image/png': momentum, 'text/plain': ['<Figure>'] } }]),
        code('frame.loc["2025-13"]', [
          {
            output_type: 'error',
            ename: 'KeyError',
            evalue: "'2025-13'",
            traceback: [
              '\u001b[0;31m---------------------------------------------------------------------------\u001b[0m',
              "\u001b[0;31mKeyError\u001b[0m: '2025-13'",
            ],
          },
        ]),
        code(
          'summary = frame.describe()\nprint(summary.loc["mean"].round(3))',
          [{ output_type: 'stream', name: 'stdout', text: ['value 0.012\n', 'momentum 0.009\n'] }],
          {
            tags: ['hide-input'],
          },
        ),
      ],
    }),
  );
}

beforeAll(async () => {
  notebook = await factorNotebook();
});

/** Chooses the notebook in the import form of `region` and waits for the server's preview of it. */
async function chooseNotebook(page: Page, region: string): Promise<void> {
  const form = page.getByRole('region', { name: region });
  await form.getByLabel('Notebook (.ipynb)').setInputFiles({ name: FILE_NAME, mimeType: 'application/x-ipynb+json', buffer: notebook });
  await form.getByRole('region', { name: 'Notebook preview' }).locator('table').waitFor();
  // The figure to describe shows its picture, read from the chosen file.
  await form.getByRole('group', { name: 'Describe the figures' }).locator('img[src^="data:image/png;base64,"]').waitFor();
}

/** axe's serious and critical findings, and what sticks out past the right edge of the screen. */
async function screenProblems(page: Page): Promise<string[]> {
  const sticksOut = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    // Content of a box that scrolls sideways (a table, a code line) is for that box to show.
    const scrolled = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    // The outermost elements past the edge: their insides go with them.
    const past = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > edge + 1 && !scrolled(element));
    const wider = document.documentElement.scrollWidth > edge + 1 ? [`the page is ${document.documentElement.scrollWidth} px wide`] : [];
    return wider.concat(
      past
        .filter((element) => !past.includes(element.parentElement as Element))
        .slice(0, 3)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const where = [element, element.parentElement, element.parentElement?.parentElement].map((node) => node?.tagName.toLowerCase()).join(' < ');
          return `${where} (${Math.round(box.left)} to ${Math.round(box.right)} px, "${(element.textContent ?? '').slice(0, 40)}") sticks out past the right edge`;
        }),
    );
  });
  return [...(await accessibilityProblems(page)), ...sticksOut];
}

describe('notes from notebooks', () => {
  it('staff import a notebook, describe its figure, publish it, and visitors read it without script and download it', async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { timeout: 20_000 });
    const { page } = staff;
    await page.goto('/manage-notes');
    await page.getByRole('button', { name: 'New note from a notebook' }).click();
    await chooseNotebook(page, 'New note from a notebook');
    const importing = page.getByRole('region', { name: 'New note from a notebook' });
    expect(await importing.getByLabel('Title').inputValue()).toBe(TITLE);
    const preview = importing.getByRole('region', { name: 'Notebook preview' });
    expect(await preview.textContent()).toContain(`Picture: ${DESCRIBED}`);
    expect(await preview.textContent()).toContain("KeyError: '2025-13'");
    // Its formula is typeset with KaTeX's stylesheet, which keeps the MathML for screen readers out of sight.
    expect((await preview.locator('.katex-mathml').first().boundingBox())?.width).toBeLessThanOrEqual(1);

    // The figure the notebook leaves undescribed must be described: a save without it is refused at its field.
    const alt = importing.getByLabel('Describe figure 2 (cell 4)');
    await importing.getByRole('button', { name: 'Save as draft' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await alt.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await alt.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toBe(
      'Figure 2 (cell 4) has no alt text: describe it for readers who cannot see it.',
    );
    await staff.screenshot('notebook-import-refused');
    await alt.fill(TYPED_ALT);
    await importing.getByRole('button', { name: 'Save as draft' }).click();

    // The draft opens in the editor, where it is published like any note.
    await page.getByRole('heading', { name: 'Edit note', level: 1 }).waitFor();
    const editorUrl = page.url();
    const slug = await page.getByLabel('Address', { exact: true }).inputValue();
    expect(await page.getByLabel('Body', { exact: true }).inputValue()).toContain(`![${TYPED_ALT}](photo:`);
    await page.getByLabel('Publish now').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    expectNoProblems(staff);
    await staff.context.close();

    // A visitor with no script, on a phone.
    const reader = await openSession(shared.browser, { width: 360, height: 800, javaScript: false });
    await reader.page.goto(`/notes/${slug}`);
    await reader.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const article = reader.page.locator('article');
    const figures = article.locator('img');
    expect(await figures.count()).toBe(2);
    for (const [index, expected] of [DESCRIBED, TYPED_ALT].entries()) {
      const figure = figures.nth(index);
      expect(await figure.getAttribute('alt')).toBe(expected);
      const src = (await figure.getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/media\/images\/[0-9a-f]{32}-large\.webp$/);
      const served = await fetch(`${BASE_URL}${src}`);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
    // The wide table scrolls in its own box rather than widening the page.
    const tableBox = article.locator('.table-scroll').first();
    const { scrollWidth, clientWidth } = await tableBox.evaluate((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // The error's colours are dropped, and the folded code stays behind its disclosure.
    const text = (await article.textContent()) ?? '';
    expect(text).toContain("KeyError: '2025-13'");
    expect(text).not.toContain('[0;31m');
    expect(await article.locator('details > summary', { hasText: 'Show code' }).count()).toBe(1);
    expect(await article.locator('details pre').first().isVisible()).toBe(false);
    expect(await article.locator('details pre').first().textContent()).toContain('summary = frame.describe()');
    expect(text).toContain('value 0.012');
    // The session's screenshot scrolls the page with a script; this page has none to run.
    await reader.page.screenshot({ path: path.join(ARTIFACTS, 'notebook-note-no-script-phone.png'), fullPage: true });

    // The download is the uploaded file, byte for byte.
    const [download] = await Promise.all([
      reader.page.waitForEvent('download'),
      reader.page.getByRole('link', { name: 'Download the notebook (.ipynb)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    expect(fs.readFileSync(await download.path()).equals(notebook)).toBe(true);
    expectNoProblems(reader);
    await reader.context.close();

    // No serious or critical accessibility problem on the note, on a phone and a desktop, in both themes.
    await readInEveryLook(shared.browser, `/notes/${slug}`, { widths: [360, 1440], screenshot: 'notebook-note', then: expectNoProblems });

    // The staff screens: the import with its figure refused, and the editor replacing the body, in both themes at both widths.
    const tokens = await apiLogin(STAFF.email, STAFF.password);
    const screen = async (colorScheme: 'light' | 'dark', width: number): Promise<Session> => {
      const session = await openSession(shared.browser, { width, height: 900, colorScheme });
      await session.context.addInitScript(
        ({ mode, access, refresh }) => {
          localStorage.setItem('theme', mode);
          localStorage.setItem('access', access);
          localStorage.setItem('refresh', refresh);
        },
        { mode: colorScheme, ...tokens },
      );
      return session;
    };
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [360, 1440]) {
        const session = await screen(colorScheme, width);
        const { page: staffPage } = session;
        staffPage.setDefaultTimeout(20_000);
        await staffPage.goto('/manage-notes');
        await appReady(staffPage);
        await staffPage.getByRole('button', { name: 'New note from a notebook' }).click();
        await chooseNotebook(staffPage, 'New note from a notebook');
        await staffPage.getByRole('button', { name: 'Save as draft' }).click();
        await staffPage.getByRole('region', { name: 'New note from a notebook' }).getByRole('alert').first().waitFor();
        expect(['import', colorScheme, width, await screenProblems(staffPage)]).toEqual(['import', colorScheme, width, []]);
        await session.screenshot(`notebook-import-${colorScheme}-${width}`);

        await staffPage.goto(editorUrl);
        await appReady(staffPage);
        await staffPage.getByRole('button', { name: 'Replace from a notebook' }).click();
        await chooseNotebook(staffPage, 'Replace from a notebook');
        expect(['replace', colorScheme, width, await screenProblems(staffPage)]).toEqual(['replace', colorScheme, width, []]);
        if (width === 360) await session.screenshot(`notebook-replace-${colorScheme}-${width}`);
        expectNoProblems(session);
        await session.context.close();
      }
  }, 300_000);
});
