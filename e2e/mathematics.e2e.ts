import fs from 'node:fs';
import path from 'node:path';

import katex from 'katex';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';

import { CHART_SERIES_COLOURS } from '../server/contract/chartColours';
import { appReady, ARTIFACTS, expectNoProblems, openSession, readInEveryLook, type Session } from './support/browser';
import { sharedSite } from './support/sharedSite';
import { staffSession } from './support/signIn';

const STAFF = { email: 'mira.maths@example.com', password: 'Maths-passphrase-for-e2e-2026', firstName: 'Mira' };
const TITLE = 'Pricing, hedging and the drawdowns in between';

/** Twenty formulas of a quant's everyday work, in the order the note shows them; `display` ones stand as blocks of their own. */
const FORMULAS: { name: string; tex: string; display: boolean }[] = [
  { name: 'growth, inline in a sentence', tex: String.raw`V_t = V_0 e^{\mu t}`, display: false },
  { name: 'geometric Brownian motion', tex: String.raw`dS_t = \mu S_t \, dt + \sigma S_t \, dW_t`, display: true },
  {
    name: "Itô's lemma",
    tex: String.raw`df(t, X_t) = \left( \frac{\partial f}{\partial t} + \mu_t \frac{\partial f}{\partial x} + \frac{1}{2} \sigma_t^2 \frac{\partial^2 f}{\partial x^2} \right) dt + \sigma_t \frac{\partial f}{\partial x} \, dW_t`,
    display: true,
  },
  { name: 'Black–Scholes call', tex: String.raw`C(S_t, t) = S_t \, N(d_1) - K e^{-r(T - t)} N(d_2)`, display: true },
  {
    name: 'd1 and d2',
    tex: String.raw`d_{1,2} = \frac{\ln(S_t / K) + \left(r \pm \frac{1}{2}\sigma^2\right)(T - t)}{\sigma \sqrt{T - t}}`,
    display: true,
  },
  {
    name: 'payoff in cases',
    tex: String.raw`\text{payoff}(S_T) = \begin{cases} S_T - K & \text{if } S_T > K, \\ 0 & \text{otherwise} \end{cases}`,
    display: true,
  },
  { name: 'integral with limits', tex: String.raw`\sigma^2_{\text{real}} = \int_0^T \sigma_t^2 \, dt`, display: true },
  { name: 'sum with limits', tex: String.raw`\hat{\mu} = \frac{1}{n} \sum_{i=1}^{n} r_i`, display: true },
  { name: 'convergence in probability', tex: String.raw`\hat{\theta}_n \xrightarrow{p} \theta`, display: false },
  { name: 'n log n', tex: String.raw`O(n \log n)`, display: false },
  { name: 'conditional expectation', tex: String.raw`\mathbb{E}[X \mid \mathcal{F}_t]`, display: false },
  { name: 'Greek letters with hats and tildes', tex: String.raw`\tilde{\Delta}_t = \hat{\beta} \, \hat{\sigma}_t + \tilde{\gamma}`, display: false },
  { name: 'variance operator', tex: String.raw`\operatorname{Var}(R_p) = w^\top \Sigma w`, display: false },
  {
    name: 'covariance matrix',
    tex: String.raw`\Sigma = \begin{pmatrix} \sigma_1^2 & \rho \sigma_1 \sigma_2 \\ \rho \sigma_1 \sigma_2 & \sigma_2^2 \end{pmatrix}`,
    display: true,
  },
  { name: 'GARCH(1,1)', tex: String.raw`\sigma_{t+1}^2 = \omega + \alpha \, \epsilon_t^2 + \beta \, \sigma_t^2`, display: true },
  {
    name: 'aligned equations',
    tex: String.raw`\begin{aligned} \mathrm{VaR}_\alpha &= -\inf\{x : P(L \le x) > \alpha\} \\ \mathrm{ES}_\alpha &= \frac{1}{1 - \alpha} \int_\alpha^1 \mathrm{VaR}_u \, du \end{aligned}`,
    display: true,
  },
  {
    name: 'square root over a nested fraction',
    tex: String.raw`\operatorname{SE}(\widehat{\mathrm{SR}}) = \sqrt{\frac{1 + \frac{1}{2} \widehat{\mathrm{SR}}^2}{n}}`,
    display: true,
  },
  { name: 'binomial', tex: String.raw`P(N = k) = \binom{n}{k} p^k (1 - p)^{n - k}`, display: true },
  { name: 'big parentheses', tex: String.raw`\lim_{m \to \infty} \left( 1 + \frac{r}{m} \right)^{mT} = e^{rT}`, display: true },
  {
    name: 'stacked subscripts and superscripts',
    tex: String.raw`X_{t_{k+1}}^{(j)} = X_{t_k}^{(j)} + \mu \, \Delta t + \sigma \sqrt{\Delta t} \, Z_{k+1}^{(j)}`,
    display: true,
  },
];

/** The formula of that name, written for the note: within the line, or as a block of its own. */
function math(name: string): string {
  const formula = FORMULAS.find((candidate) => candidate.name === name);
  if (!formula) throw new Error(`No formula named ${name}`);
  return formula.display ? `\n$$\n${formula.tex}\n$$\n` : `$${formula.tex}$`;
}

/** Numbers that are the same on every run. */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Five years of business days, 2020 to 2024: a strategy and its benchmark, and the strategy's drawdown from its high-water mark. */
function backtest(): { equity: string[]; drawdown: string[] } {
  const random = randomNumbers(20_200_102);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const equity = ['date,strategy,benchmark'];
  const drawdown = ['date,drawdown'];
  let strategy = 1;
  let benchmark = 1;
  let peak = 1;
  for (let day = Date.UTC(2020, 0, 2); day <= Date.UTC(2024, 11, 31); day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const market = normal();
    benchmark *= 1 + 0.07 / 252 + (0.18 / Math.sqrt(252)) * market;
    strategy *= 1 + 0.11 / 252 + (0.14 / Math.sqrt(252)) * (0.4 * market + 0.9 * normal());
    peak = Math.max(peak, strategy);
    const date = new Date(day).toISOString().slice(0, 10);
    equity.push(`${date},${strategy.toFixed(4)},${benchmark.toFixed(4)}`);
    drawdown.push(`${date},${((strategy / peak - 1) * 100).toFixed(2)}`);
  }
  return { equity, drawdown };
}

/** Implied volatility (%) against strike at three maturities: the skew flattens as the maturity lengthens. */
function smile(): string[] {
  const rows = ['strike,1 month,3 months,1 year'];
  for (let strike = 70; strike <= 130; strike += 5) {
    const m = Math.log(strike / 100);
    const vol = (level: number, skew: number, curve: number) => ((level - skew * m + curve * m * m) * 100).toFixed(2);
    rows.push(`${strike},${vol(0.22, 0.35, 1.6)},${vol(0.21, 0.25, 0.9)},${vol(0.2, 0.15, 0.4)}`);
  }
  return rows;
}

const EQUITY_TITLE = 'Equity curve, 2020 to 2024';
const CODE = [
  '```python',
  'import numpy as np',
  '',
  '',
  'def max_drawdown(equity_curve: np.ndarray, *, periods_per_year: int = 252, return_underwater_series: bool = False) -> tuple[float, np.ndarray | None]:',
  '    """Largest fall of an equity curve from its running peak, as a fraction of the peak (0.25 is a 25 % loss from the high-water mark)."""',
  '    running_peak = np.maximum.accumulate(equity_curve)',
  '    underwater = equity_curve / running_peak - 1.0  # zero on each new high of the curve, negative everywhere else in between',
  '    worst = float(underwater.min())',
  '    return -worst, (underwater if return_underwater_series else None)',
  '```',
];

function noteBody(): string {
  const { equity, drawdown } = backtest();
  return [
    `A strategy that compounds at a constant rate is worth ${math('growth, inline in a sentence')} after so many years; the price of the stock it trades follows`,
    math('geometric Brownian motion'),
    "and Itô's lemma gives the dynamics of any smooth function of it:",
    math("Itô's lemma"),
    'Under the risk-neutral measure a European call is worth',
    math('Black–Scholes call'),
    'where N is the standard normal distribution function and',
    math('d1 and d2'),
    'Its payoff at expiry is',
    math('payoff in cases'),
    'Realised variance over the life of the option is the integral',
    math('integral with limits'),
    'and the mean daily return is estimated by',
    math('sum with limits'),
    `The estimator is consistent, ${math('convergence in probability')} as the sample grows, and sorting the returns to read off a quantile costs ${math('n log n')}. ` +
      `Forecasts condition on what is known at the time, ${math('conditional expectation')}.`,
    '',
    `The estimated hedge ratio ${math('Greek letters with hats and tildes')} is rebalanced daily, and the portfolio's risk is ${math('variance operator')} with the covariance matrix`,
    math('covariance matrix'),
    'A GARCH(1,1) model updates the variance each day:',
    math('GARCH(1,1)'),
    'Tail risk at level α is read off the loss distribution:',
    math('aligned equations'),
    'The standard error of an estimated Sharpe ratio over n observations (Lo, 2002) is',
    math('square root over a nested fraction'),
    'The number of losing days among n follows a binomial law,',
    math('binomial'),
    'continuous compounding is the limit of discrete compounding,',
    math('big parentheses'),
    'and an Euler scheme simulates path j of the process on a grid of times:',
    math('stacked subscripts and superscripts'),
    '## The backtest',
    '',
    '```chart',
    'type: line',
    `title: ${EQUITY_TITLE}`,
    'x: Date',
    'y: Growth of $1',
    '---',
    ...equity,
    '```',
    '',
    '```chart',
    'type: area',
    'title: Drawdown of the strategy',
    'x: Date',
    'y: Drawdown (%)',
    '---',
    ...drawdown,
    '```',
    '',
    '```chart',
    'type: scatter',
    'title: Volatility smile at three maturities',
    'x: Strike',
    'y: Implied volatility (%)',
    '---',
    ...smile(),
    '```',
    '',
    'The drawdown is computed by',
    '',
    ...CODE,
    '',
  ].join('\n');
}

/** A formula as drawn on a page: the box of its typeset parts, each part's size, and what it sits in. */
interface Drawn {
  tex: string;
  display: boolean;
  /** The box of the formula's parts (KaTeX's `.base` boxes, which hold its struts and never break). */
  box: { x: number; y: number; width: number; height: number };
  parts: { width: number; height: number }[];
  /** Every element of the typeset formula (glyph runs, fraction bars, radicals, delimiters), placed from the box's corner: [class, x, y, width, height]. */
  pieces: [string, number, number, number, number][];
  /** The font size of the element KaTeX's output sits in (its sizes are in em of it), and that element's width. */
  fontSize: number;
  containerWidth: number;
}

/** Every formula KaTeX typeset under `scope`, measured the same way on the note and on the reference page. */
function drawnFormulas(page: Page, scope: string): Promise<Drawn[]> {
  return page.evaluate((selector) => {
    const roots = [...document.querySelectorAll(`${selector} .katex`)].filter((element) => !element.parentElement?.closest('.katex'));
    return roots.map((root) => {
      const outer = root.closest('.katex-display') ?? root;
      const container = outer.parentElement!;
      const rects = [...root.querySelectorAll(':scope > .katex-html > .base, :scope > .katex-html > .tag')].map((part) => part.getBoundingClientRect());
      const left = Math.min(...rects.map((rect) => rect.left));
      const top = Math.min(...rects.map((rect) => rect.top));
      return {
        tex: root.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? '',
        display: outer !== root,
        box: {
          x: left + window.scrollX,
          y: top + window.scrollY,
          width: Math.max(...rects.map((rect) => rect.right)) - left,
          height: Math.max(...rects.map((rect) => rect.bottom)) - top,
        },
        parts: rects.map(({ width, height }) => ({ width, height })),
        pieces: [...root.querySelectorAll(':scope > .katex-html *')].map((piece) => {
          const rect = piece.getBoundingClientRect();
          return [piece.getAttribute('class') ?? piece.tagName, rect.left - left, rect.top - top, rect.width, rect.height] as [
            string,
            number,
            number,
            number,
            number,
          ];
        }),
        fontSize: parseFloat(getComputedStyle(container).fontSize),
        containerWidth: outer.getBoundingClientRect().width,
      };
    });
  }, scope);
}

/** Waits until every web font the page asked for has loaded (or failed), and answers the families that loaded. */
async function fontsSettled(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.fonts].every((font) => font.status !== 'loading'));
  return page.evaluate(() => [...new Set([...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family.replace(/"/g, '')))].sort());
}

const normalised = (tex: string) => tex.replace(/\s+/g, '');
const KATEX_DIST = path.dirname(require.resolve('katex/dist/katex.min.css'));
const REFERENCE = 'http://katex.reference.test';

/**
 * KaTeX's own rendering of the formulas, from the katex package with its own stylesheet and fonts and
 * nothing of the site: each in a box of the note's font size (KaTeX sizes in em) and, for a block,
 * of the note's column width; in the note's colours.
 */
async function referencePage(
  browser: Browser,
  width: number,
  note: Drawn[],
  colours: { text: string; background: string },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, reducedMotion: 'reduce' });
  const formulas = FORMULAS.map(({ tex, display }, index) => {
    const drawn = note[index];
    const html = katex.renderToString(tex, { displayMode: display, output: 'htmlAndMathml' });
    const size = `font-size: ${drawn.fontSize}px;${display ? ` width: ${drawn.containerWidth}px;` : ''}`;
    return `<div class="formula" style="${size}">${html}</div>`;
  });
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>KaTeX reference</title>',
    '<link rel="stylesheet" href="/katex.min.css">',
    `<style>body { margin: 16px; color: ${colours.text}; background: ${colours.background}; } .formula { margin: 0 0 24px; white-space: nowrap; }</style>`,
    `</head><body>${formulas.join('')}</body></html>`,
  ].join('');
  await context.route(`${REFERENCE}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
    const file = path.join(KATEX_DIST, path.normalize(pathname));
    if (!file.startsWith(KATEX_DIST) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file });
  });
  const page = await context.newPage();
  await page.goto(`${REFERENCE}/`);
  return { page, close: () => context.close() };
}

/** A picture of the formula's box and a little around it, cut along whole pixels. */
async function formulaPicture(page: Page, scope: string, index: number, box: Drawn['box']): Promise<Buffer> {
  await page.evaluate(
    ({ selector, at }) => {
      const roots = [...document.querySelectorAll(`${selector} .katex`)].filter((element) => !element.parentElement?.closest('.katex'));
      roots[at].scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    },
    { selector: scope, at: index },
  );
  const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  // Close to the box: a formula within a sentence has the text of the lines above and below just beyond it.
  const x = Math.floor(box.x - scroll.x) - PICTURE_PAD.x;
  const y = Math.floor(box.y - scroll.y) - PICTURE_PAD.y;
  return page.screenshot({
    clip: { x, y, width: Math.ceil(box.x - scroll.x + box.width) + PICTURE_PAD.x - x, height: Math.ceil(box.y - scroll.y + box.height) + PICTURE_PAD.y - y },
  });
}
const PICTURE_PAD = { x: 4, y: 2 };

/** The share of the two pictures' pixels, inside the formula's box, that differ visibly (by more than a sixth of full intensity). */
async function inkDifference(ours: Buffer, theirs: Buffer): Promise<number> {
  const [a, b] = await Promise.all([ours, theirs].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) return 1;
  let differing = 0;
  let counted = 0;
  for (let y = PICTURE_PAD.y; y < a.info.height - PICTURE_PAD.y; y += 1)
    for (let x = PICTURE_PAD.x; x < a.info.width - PICTURE_PAD.x; x += 1) {
      const at = (y * a.info.width + x) * 3;
      counted += 1;
      if (Math.max(...[0, 1, 2].map((channel) => Math.abs(a.data[at + channel] - b.data[at + channel]))) > 42) differing += 1;
    }
  return differing / counted;
}

interface Difference {
  name: string;
  width: number;
  note: { width: number; height: number };
  reference: { width: number; height: number };
  dx: number;
  dy: number;
  /** A formula within a line that the phone's narrow column broke across lines: only its parts compare. */
  wrapped: boolean;
  worstPart: number;
  /** The largest shift or change of size of any element of the formula, and that element's class. */
  worstPiece: number;
  worstPieceClass: string;
  /** On a wide screen, the share of the formula's pixels that differ from KaTeX's own picture of it. */
  ink?: number;
}

/** Within 2 px, or 3 % of the reference for a large formula. */
const TOLERANCE = (reference: number) => Math.max(2, reference * 0.03);
/** How far (px) any element of a formula may be from its place in KaTeX's own rendering, or differ in size. */
const PIECE_TOLERANCE = 0.5;
const measured: Difference[] = [];
/** What the phone's charts showed, for the log. */
const chartText: string[] = [];

/**
 * The note's formulas against KaTeX's reference at the page's width: the box of each, and each of its
 * unbreakable parts (a formula within a line may wrap between them at a phone's width).
 */
async function compareWithReference(reading: Session, browser: Browser, width: number, dark: boolean): Promise<void> {
  const { page } = reading;
  const noteFonts = await fontsSettled(page);
  const drawn = await drawnFormulas(page, 'main');
  // Each formula is in the note once, in its order.
  expect(drawn.map(({ tex, display }) => [normalised(tex), display])).toEqual(FORMULAS.map(({ tex, display }) => [normalised(tex), display]));
  const colours = await page.evaluate(() => ({
    text: getComputedStyle(document.querySelector('main .katex')!).color,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  const reference = await referencePage(browser, width, drawn, colours);
  try {
    // The note's page has every font KaTeX's own rendering used.
    const referenceFonts = await fontsSettled(reference.page);
    expect(referenceFonts).toEqual(expect.arrayContaining(['KaTeX_Main', 'KaTeX_Math', 'KaTeX_AMS', 'KaTeX_Caligraphic']));
    expect(noteFonts).toEqual(expect.arrayContaining(referenceFonts));
    const expected = await drawnFormulas(reference.page, 'body');
    const mismatches: string[] = [];
    FORMULAS.forEach(({ name, display }, index) => {
      const ours = drawn[index];
      const theirs = expected[index];
      const dx = ours.box.width - theirs.box.width;
      const dy = ours.box.height - theirs.box.height;
      const partDifferences = ours.parts.map((part, at) =>
        Math.max(Math.abs(part.width - (theirs.parts[at]?.width ?? 0)), Math.abs(part.height - (theirs.parts[at]?.height ?? 0))),
      );
      // A formula within a line may be broken across lines on a phone; a block never is.
      const wrapped = !display && ours.box.height > theirs.box.height + TOLERANCE(theirs.box.height);
      let worstPiece = 0;
      let worstPieceClass = '';
      if (!wrapped)
        ours.pieces.forEach(([kind, ...place], at) => {
          const [theirKind, ...theirPlace] = theirs.pieces[at] ?? [''];
          const off = theirKind === kind ? Math.max(...place.map((value, which) => Math.abs(value - theirPlace[which]))) : Infinity;
          if (off > worstPiece) [worstPiece, worstPieceClass] = [off, kind];
        });
      measured.push({
        name: `${name} (${dark ? 'dark' : 'light'})`,
        width,
        note: { width: ours.box.width, height: ours.box.height },
        reference: { width: theirs.box.width, height: theirs.box.height },
        dx,
        dy,
        wrapped,
        worstPart: Math.max(...partDifferences),
        worstPiece,
        worstPieceClass,
      });
      // Within the box, every glyph run, bar, radical and delimiter sits where KaTeX puts it, to the pixel.
      if (worstPiece > PIECE_TOLERANCE) mismatches.push(`${name}: a ${worstPieceClass} is ${worstPiece.toFixed(2)} px from where KaTeX puts it`);
      if (ours.parts.length !== theirs.parts.length) mismatches.push(`${name}: ${ours.parts.length} parts, KaTeX draws ${theirs.parts.length}`);
      ours.parts.forEach((part, at) => {
        const their = theirs.parts[at];
        if (their && (Math.abs(part.width - their.width) > TOLERANCE(their.width) || Math.abs(part.height - their.height) > TOLERANCE(their.height)))
          mismatches.push(
            `${name}, part ${at + 1}: ${part.width.toFixed(1)}×${part.height.toFixed(1)} against ${their.width.toFixed(1)}×${their.height.toFixed(1)}`,
          );
      });
      if (!wrapped && (Math.abs(dx) > TOLERANCE(theirs.box.width) || Math.abs(dy) > TOLERANCE(theirs.box.height)))
        mismatches.push(
          `${name}: ${ours.box.width.toFixed(1)}×${ours.box.height.toFixed(1)} against ${theirs.box.width.toFixed(1)}×${theirs.box.height.toFixed(1)}`,
        );
      if (wrapped && width > 600) mismatches.push(`${name} is broken across lines on a wide screen`);
    });
    expect([width, dark, mismatches]).toEqual([width, dark, []]);

    if (width > 600) {
      // The twenty formulas side by side, the note's on the left and KaTeX's own on the right. Each reference is
      // first moved by the fraction of a pixel that puts it on the same place in the pixel grid as the note's,
      // so that rules and glyphs are rounded to pixels alike and the pictures can be compared pixel by pixel.
      await reference.page.evaluate(
        (shifts) => {
          const roots = [...document.querySelectorAll('body .katex')].filter((element) => !element.parentElement?.closest('.katex'));
          roots.forEach((root, index) => {
            const holder = root.closest('.formula') as HTMLElement;
            holder.style.position = 'relative';
            holder.style.left = `${shifts[index].x}px`;
            holder.style.top = `${shifts[index].y}px`;
          });
        },
        drawn.map((ours, index) => {
          const fraction = (value: number) => value - Math.floor(value);
          const shift = (a: number, b: number) => fraction(fraction(a) - fraction(b));
          return { x: shift(ours.box.x, expected[index].box.x), y: shift(ours.box.y, expected[index].box.y) };
        }),
      );
      const aligned = await drawnFormulas(reference.page, 'body');
      const rows: string[] = [];
      for (const [index, { name, tex }] of FORMULAS.entries()) {
        const ours = await formulaPicture(page, 'main', index, drawn[index].box);
        const theirs = await formulaPicture(reference.page, 'body', index, aligned[index].box);
        const entry = measured[measured.length - FORMULAS.length + index];
        entry.ink = await inkDifference(ours, theirs);
        const source = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
        rows.push(
          `<tr><th scope="row">${index + 1}. ${name}<code>${tex.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</code></th>` +
            `<td><img alt="" src="${source(ours)}"></td><td><img alt="" src="${source(theirs)}"></td>` +
            `<td>${entry.dx.toFixed(2)} × ${entry.dy.toFixed(2)} px<br>${(entry.ink * 100).toFixed(1)} % of pixels</td></tr>`,
        );
      }
      // Drawn on the same pixels, the note's formulas are KaTeX's own to within 1 % of their pixels.
      const smudged = measured.slice(-FORMULAS.length).filter(({ ink }) => (ink ?? 1) > 0.01);
      expect(smudged.map(({ name, ink }) => `${name}: ${((ink ?? 1) * 100).toFixed(1)} % of its pixels differ`)).toEqual([]);
      const sheet = await openSession(shared.browser, { width, colorScheme: dark ? 'dark' : 'light' });
      await sheet.page.setContent(
        [
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Formulas</title><style>',
          `body { margin: 16px; font: 14px system-ui, sans-serif; color: ${colours.text}; background: ${colours.background}; }`,
          'table { border-collapse: collapse; } th, td { padding: 6px 10px; border-bottom: 1px solid #8886; text-align: left; vertical-align: middle; }',
          'th code { display: block; max-width: 26rem; margin-top: 4px; font-size: 11px; white-space: pre-wrap; opacity: 0.75; } img { display: block; }',
          '</style></head><body><table><thead><tr><th>Formula</th><th>In the note</th><th>KaTeX reference</th><th>Difference (w × h)</th></tr></thead>',
          `<tbody>${rows.join('')}</tbody></table></body></html>`,
        ].join(''),
      );
      await sheet.page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await sheet.page.screenshot({ path: path.join(ARTIFACTS, `mathematics-formulas-${dark ? 'dark' : 'light'}.png`), fullPage: true });
      await sheet.context.close();
    }
  } finally {
    await reference.close();
  }
}

/**
 * On a phone: nothing widens the page, the code scrolls in its box, the charts' text is readable, the
 * equity curve's axis reads in years from its first and the smile's points stand inside their plot.
 */
async function checkPhoneLayout(page: Page): Promise<void> {
  expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([360, 360]);

  const code = page.locator('main pre', { has: page.locator('code.language-python') });
  const box = await code.evaluate((pre) => {
    const style = getComputedStyle(pre);
    const rect = pre.getBoundingClientRect();
    return {
      overflowX: style.overflowX,
      scrolls: pre.scrollWidth > pre.clientWidth,
      whiteSpace: getComputedStyle(pre.querySelector('code')!).whiteSpace,
      inside: rect.left >= 0 && rect.right <= window.innerWidth,
    };
  });
  expect(box).toEqual({ overflowX: 'auto', scrolls: true, whiteSpace: 'pre', inside: true });
  // A keyboard reaches the box and scrolls its long lines; the page itself stays put.
  await code.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((pre) => pre!.scrollLeft > 0, await code.elementHandle());
  expect(await page.evaluate(() => window.scrollX)).toBe(0);

  const charts = await page.evaluate(() =>
    [...document.querySelectorAll('main figure.chart')].map((figure) => {
      const visible = (text: SVGTextElement) =>
        (text.textContent ?? '').trim() !== '' && getComputedStyle(text).opacity !== '0' && text.getClientRects().length > 0;
      const texts = [...figure.querySelectorAll('svg text')] as SVGTextElement[];
      const sizes = texts.filter(visible).map((text) => {
        const scale = text.getScreenCTM()!;
        return { text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * Math.hypot(scale.a, scale.b) };
      });
      const xAxis = [...figure.querySelectorAll('g.role-axis')].find((axis) => axis.querySelector('.role-axis-title text')?.textContent === 'Date');
      const labels = [...(xAxis?.querySelectorAll('.role-axis-label text') ?? [])].filter((text) => visible(text as SVGTextElement));
      const boxes = labels.map((text) => text.getBoundingClientRect());
      // How near any point or line comes to the plot's edges (px; negative when past them).
      const plot = figure.querySelector('.role-frame.root > g > path.background')!.getBoundingClientRect();
      const marks = [...figure.querySelectorAll('.role-mark path')].map((mark) => mark.getBoundingClientRect());
      return {
        title: figure.querySelector('.chart-title')?.textContent,
        room: Math.min(...marks.map((mark) => Math.min(mark.left - plot.left, plot.right - mark.right, mark.top - plot.top, plot.bottom - mark.bottom))),
        smallest: Math.min(...sizes.map(({ px }) => px)),
        count: sizes.length,
        xLabels: labels.map((text) => text.textContent),
        labelsApart: boxes.every((rect, index) => index === 0 || rect.left >= boxes[index - 1].right),
        inside: figure.getBoundingClientRect().right <= window.innerWidth,
      };
    }),
  );
  expect(charts.map(({ title }) => title)).toEqual([EQUITY_TITLE, 'Drawdown of the strategy', 'Volatility smile at three maturities']);
  for (const chart of charts) {
    chartText.push(`${chart.title}: ${chart.count} texts, the smallest ${chart.smallest.toFixed(1)} px`);
    expect([chart.title, chart.count > 5, chart.smallest >= 11, chart.inside]).toEqual([chart.title, true, true, true]);
  }
  const [equity, , smile] = charts;
  // The smile's points stand clear of the axes and of the top gridline.
  chartText.push(`${smile.title}: its points at least ${smile.room.toFixed(1)} px inside the plot`);
  expect(smile.room).toBeGreaterThanOrEqual(2);
  // A series from the first business day of 2020 has 2020 labelled.
  expect(equity.xLabels[0]).toBe('2020');
  expect(equity.xLabels.length).toBeGreaterThanOrEqual(4);
  expect(new Set(equity.xLabels).size).toBe(equity.xLabels.length);
  for (const label of equity.xLabels) expect(label).toMatch(/^20(2[0-5])$/);
  expect(equity.xLabels.map(Number)).toEqual(equity.xLabels.map((label, index) => Number(equity.xLabels[0]) + index));
  expect(equity.labelsApart).toBe(true);
  chartText.push(`${EQUITY_TITLE}, its x axis: ${equity.xLabels.join(', ')}`);
}

/**
 * A display formula wider than the column shows a shade at each edge it runs on past, and none at an end
 * that is in view; one that fits shows none. Read in the box's top padding, where no glyph is drawn.
 */
async function checkFormulaScrollCues(page: Page): Promise<number> {
  const background = (await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).match(/\d+/g)!.map(Number);
  const displays = page.locator('main .math-display');
  /** Whether the box's left and right edges are shaded. */
  const shaded = async (index: number) => {
    const { data, info } = await sharp(await displays.nth(index).screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const differs = (x: number) => [0, 1, 2].some((channel) => Math.abs(data[(info.width + x) * 3 + channel] - background[channel]) > 12);
    return [differs(1), differs(info.width - 2)];
  };
  let wide = 0;
  for (let index = 0; index < (await displays.count()); index += 1) {
    const display = displays.nth(index);
    const overflows = await display.evaluate((box) => box.scrollWidth > box.clientWidth);
    expect([index, 'start', await shaded(index)]).toEqual([index, 'start', [false, overflows]]);
    if (!overflows) continue;
    wide += 1;
    await display.evaluate((box) => box.scrollTo({ left: box.scrollWidth, behavior: 'instant' }));
    expect([index, 'end', await shaded(index)]).toEqual([index, 'end', [true, false]]);
    await display.evaluate((box) => box.scrollTo({ left: 0, behavior: 'instant' }));
  }
  return wide;
}

/** Each series of the charts is drawn in the theme's own colour for it (whose contrast __tests__/spa/ui/chartColours.test.tsx checks). */
async function checkSeriesColours(page: Page, dark: boolean): Promise<void> {
  const drawn = await page.evaluate(() =>
    [
      ...new Set(
        [...document.querySelectorAll('main figure.chart svg [class^="chart-"]')].map((element) => {
          const [, property, series] = /^chart-(fill|stroke)-(\d+)/.exec(element.getAttribute('class') ?? '')!;
          return `${series} ${getComputedStyle(element)[property as 'fill' | 'stroke']}`;
        }),
      ),
    ].sort(),
  );
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
  const colours = CHART_SERIES_COLOURS[dark ? 'dark' : 'light'];
  // Both lines of the equity curve, and the smile's three maturities.
  expect(drawn).toEqual([`1 ${rgb(colours[0])}`, `2 ${rgb(colours[1])}`, `3 ${rgb(colours[2])}`]);
}

const shared = sharedSite({ staff: [STAFF] });
afterAll(() => {
  if (measured.length) fs.writeFileSync(path.join(ARTIFACTS, 'mathematics-formulas.json'), JSON.stringify(measured, null, 2));
});

describe('mathematics', () => {
  it("a quant's note reads well: twenty formulas as KaTeX draws them, charts readable on a phone, long code that scrolls in its box", async () => {
    const staff = await staffSession(shared.browser, STAFF.email, STAFF.password, { width: 1440, height: 900, timeout: 20_000 });
    const { page } = staff;
    await page.goto('/manage-notes/new');
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    const slug = await page.getByLabel('Address', { exact: true }).inputValue();
    await page.getByLabel('Summary').fill('Black–Scholes, Itô and GARCH beside a five-year backtest, its drawdowns and the smile that prices its hedges.');
    await page.getByLabel('Tags').fill('volatility, backtesting');
    await page.getByLabel('Body', { exact: true }).fill(noteBody());
    const preview = page.getByRole('region', { name: 'Preview' });
    // Five years of daily data, drawn by the server's niced worker threads: beside another suite that takes seconds.
    await preview.locator('figure.chart svg').nth(2).waitFor({ timeout: 60_000 });
    expect(await preview.locator('.katex').count()).toBe(FORMULAS.length);
    await page.getByLabel('Publish now').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    expectNoProblems(staff);
    await staff.context.close();

    await readInEveryLook(shared.browser, `/notes/${slug}`, {
      widths: [360, 1440],
      screenshot: 'mathematics-note',
      then: async (reading) => {
        const { page: note } = reading;
        await appReady(note);
        const { width, dark } = await note.evaluate(() => ({ width: window.innerWidth, dark: document.documentElement.classList.contains('dark') }));
        if (width === 360) await checkPhoneLayout(note);
        await checkSeriesColours(note, dark);
        const wide = await checkFormulaScrollCues(note);
        // On a phone some formulas are wider than the column.
        if (width === 360) expect(wide).toBeGreaterThan(0);
        await compareWithReference(reading, shared.browser, width, dark);
        expectNoProblems(reading);
      },
    });

    const whole = measured.filter(({ wrapped }) => !wrapped);
    const worst = (key: 'dx' | 'dy') => Math.max(...whole.map((entry) => Math.abs(entry[key])));
    const worstShare = Math.max(...whole.map((entry) => Math.max(Math.abs(entry.dx) / entry.reference.width, Math.abs(entry.dy) / entry.reference.height)));
    process.stdout.write(
      `Formulas against KaTeX's reference: widths within ${worst('dx').toFixed(2)} px, heights within ${worst('dy').toFixed(2)} px, ` +
        `at most ${(worstShare * 100).toFixed(2)} %, parts within ${Math.max(...measured.map(({ worstPart }) => worstPart)).toFixed(2)} px\n` +
        `pixels differing from KaTeX's own pictures: at most ${(Math.max(...measured.map(({ ink }) => ink ?? 0)) * 100).toFixed(2)} %\n` +
        `${chartText.join('\n')}\n`,
    );
  }, 240_000);
});
