import fs from 'node:fs';
import path from 'node:path';

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

import { BASE_URL } from './server';

export const ARTIFACTS = path.resolve(__dirname, '../../artifacts/e2e');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests seen so far, minus the allowed ones. */
  problems: () => string[];
  /** Declares an expected failure (e.g. a 404 the page handles) by URL or message pattern. */
  allow: (pattern: RegExp) => void;
  screenshot: (name: string) => Promise<void>;
}

export interface SessionOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  javaScript?: boolean;
  /** Another site than the journeys' shared one. */
  baseUrl?: string;
}

/** A fresh browser context (own storage) that records anything that goes wrong on its pages. */
export async function openSession(browser: Browser, options: SessionOptions = {}): Promise<Session> {
  const { width = 1280, height = 860, colorScheme = 'light', reducedMotion = 'reduce', javaScript = true, baseUrl = BASE_URL } = options;
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, colorScheme, reducedMotion, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Navigations away cancel pending image/chunk loads; those are not failures of the site.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    seen.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  // Access tokens last seconds in these runs, so a call may meet an expired one: the app refreshes the
  // session and retries it. A 401 whose retry then succeeded is that designed path, not a failure.
  const refused = new Set<string>();
  const recovered = new Set<string>();
  page.on('response', (response) => {
    const call = `${response.request().method()} ${response.url()}`;
    if (response.status() === 401) refused.add(call);
    else if (response.ok() && refused.has(call)) recovered.add(call);
    if (response.status() >= 400) seen.push(`HTTP ${response.status()}: ${call}`);
  });
  const wasRetried = (line: string) =>
    [...recovered].some((call) => line === `HTTP 401: ${call}` || (line.includes('status of 401') && line.endsWith(`(${call.split(' ')[1]})`)));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    page,
    problems: () => seen.filter((line) => !wasRetried(line) && !allowed.some((pattern) => pattern.test(line))),
    allow: (pattern) => allowed.push(pattern),
    screenshot: async (name) => {
      // Scroll through the page first so that sections which fade in on sight are shown and lazy
      // pictures load, then wait for those fades and pictures to finish.
      await page.evaluate(async () => {
        const frames = async (count: number) => {
          for (let i = 0; i < count; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
        };
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await frames(3);
        }
        window.scrollTo({ top: 0, behavior: 'instant' });
        // A section seen starts its fade a frame or two after the observer reports it.
        await frames(3);
        const pictures = [...document.images]
          .filter((image) => !image.complete && image.getClientRects().length > 0)
          .map((image) => new Promise((resolve) => ['load', 'error'].forEach((event) => image.addEventListener(event, resolve, { once: true }))));
        const fades = document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
          .map((animation) => animation.finished.catch(() => undefined));
        await Promise.all([...pictures, ...fades]);
      });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
  };
}

/** Fails the test when the page logged errors or requests failed that were not declared expected. */
export function expectNoProblems(session: Session): void {
  expect(session.problems()).toEqual([]);
}

/**
 * Server-rendered pages show before their scripts run; the app's own controls (theme switch,
 * phone menu, banner) answer once it has taken the page over and finished its session check,
 * which is when the top bar stops saying Loading.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const bar = document.querySelector('header');
    return bar !== null && !(bar.textContent ?? '').includes('Loading');
  });
}

/**
 * The families of KaTeX's fonts the page has loaded, once its main font has loaded. The page's font
 * faces must be there; the main one is asked for rather than waited for (Chromium fetches a face when a
 * layout first needs it, which a loaded machine may put off), and a failure says what the page had.
 */
export async function katexFontsLoaded(page: Page): Promise<string[]> {
  const faces = () => page.evaluate(() => [...document.fonts].filter((font) => font.family.startsWith('KaTeX')).map((font) => `${font.family} ${font.status}`));
  try {
    await page.waitForFunction(() => [...document.fonts].some((font) => font.family === 'KaTeX_Main'), undefined, { timeout: 15_000 });
    await page.evaluate(() => document.fonts.load('1em KaTeX_Main', '2'));
    await page.waitForFunction(() => [...document.fonts].some((font) => font.family === 'KaTeX_Main' && font.status === 'loaded'), undefined, {
      timeout: 15_000,
    });
  } catch (error) {
    throw new Error(
      `KaTeX_Main did not load; the page's KaTeX faces: ${(await faces()).join(', ') || 'none'}; its stylesheets: ${await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? 'inline').join(', '))}`,
      { cause: error },
    );
  }
  return page.evaluate(() => [...document.fonts].filter((font) => font.status === 'loaded' && font.family.startsWith('KaTeX')).map((font) => font.family));
}

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is now (rule: target, …). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's CSP (rightly) does not allow a script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ id, targets }) => `${id}: ${targets.join(', ')}`);
}

/**
 * A visitor opens `address` in each theme at a phone's width and a desktop's: the theme is the one chosen,
 * and axe finds nothing serious or critical. `screenshot` names a picture of each look; `then` checks more.
 */
export async function readInEveryLook(
  browser: Browser,
  address: string,
  options: { widths?: number[]; screenshot?: string; then?: (reading: Session) => void | Promise<void> } = {},
): Promise<void> {
  const { widths = [360, 1280], screenshot, then } = options;
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of widths) {
      const reading = await openSession(browser, { width, colorScheme });
      await reading.context.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
      await reading.page.goto(address);
      await appReady(reading.page);
      expect(await reading.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      expect([address, colorScheme, width, await accessibilityProblems(reading.page)]).toEqual([address, colorScheme, width, []]);
      if (screenshot) await reading.screenshot(`${screenshot}-${colorScheme}-${width}`);
      await then?.(reading);
      await reading.context.close();
    }
}
