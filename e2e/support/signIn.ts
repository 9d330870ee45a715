import type { Browser, Page } from 'playwright-core';

import { openSession, type Session, type SessionOptions } from './browser';

/** Fills in and sends the sign-in form; what the site answers is for the caller to check. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in through the form and waits for the home page that a successful sign-in leads to. The
 * journeys' shared site is never set up by its owner, so a staff sign-in would be sent on to the setup
 * screen once a tab: the tab is marked as offered it already (firstHour.e2e.ts follows that path).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('setup-offered', '1'));
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * A staff member's own browser context, signed in through the form. Staff screens wait on the server's
 * work, so a step may take `timeout` (15 s unless said); `screen` names the dashboard's link to follow then.
 */
export async function staffSession(
  browser: Browser,
  email: string,
  password: string,
  { screen, timeout = 15_000, ...options }: SessionOptions & { screen?: string; timeout?: number } = {},
): Promise<Session> {
  const session = await openSession(browser, options);
  session.page.setDefaultTimeout(timeout);
  await signIn(session.page, email, password);
  if (screen) {
    await session.page.goto('/dashboard');
    await session.page.getByRole('link', { name: screen }).click();
  }
  return session;
}
