import type { Page } from 'playwright-core';

/** Fills in and sends the sign-in form; what the site answers is for the caller to check. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the form and waits for the home page that a successful sign-in leads to. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
}
