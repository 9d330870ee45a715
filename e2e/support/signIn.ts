import type { Page } from 'playwright-core';

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
