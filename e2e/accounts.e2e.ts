import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { appReady, ARTIFACTS, expectNoProblems, openSession } from './support/browser';
import { freePort, startSite, stopSite } from './support/server';
import { sharedSite } from './support/sharedSite';
import { signIn, submitSignIn } from './support/signIn';
import { accessTokenExpired, apiCall, apiLogin, latestResetPath, uniqueEmail } from './support/site';

const PASSWORD = 'Correct-horse-battery-9';
const NEW_PASSWORD = 'Another-long-passphrase-7';

const shared = sharedSite();

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Interest notes (optional)').fill('Volatility modelling and market microstructure.');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create an account' }).click();
}

/** Access tokens that expire within seconds, on a site of these journeys' own, so that they can watch one expire. */
describe('a visitor’s session when the access token expires', () => {
  let site: { child: ChildProcess; dataDir: string } | undefined;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    site = await startSite({ port, publicUrl: base, env: { ACCESS_TOKEN_SECONDS: '3' } });
  }, 60_000);
  afterAll(async () => {
    if (site) await stopSite(site.child);
  });

  it('registers, signs in, stays signed in across a reload and token expiry, edits the profile and signs out', async () => {
    const session = await openSession(shared.browser, { baseUrl: base });
    const { page } = session;
    const email = uniqueEmail('ada');

    await register(page, email);
    await page.waitForURL('**/login?registrationSuccess=true');
    await page.getByText('Thank you. Check your email: we have sent a message to that address saying how to sign in.').waitFor();
    await session.screenshot('accounts-registered');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('button', { name: /Ada/ }).first();
    await menu.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('refresh'))).toBeTruthy();
    expect((await session.context.cookies()).some((c) => c.name === 'refresh_token' && c.sameSite === 'Lax')).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: /Ada/ }).first().waitFor();

    // This site issues access tokens that live a few seconds: let this one expire.
    const before = await page.evaluate(() => localStorage.getItem('access'));
    await accessTokenExpired(before);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.getByText('Volatility modelling and market microstructure.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access'))).not.toBe(before);
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('First name').fill('Augusta Ada');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('button', { name: /Augusta Ada/ })
      .first()
      .waitFor();
    await session.screenshot('accounts-profile');

    await page
      .getByRole('button', { name: /Augusta Ada/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh')])).toEqual([null, null]);
    expectNoProblems(session);
    await session.context.close();
  });

  it('keeps three tabs opened together after the token expired signed in, and signs them all out together', async () => {
    const session = await openSession(shared.browser, { baseUrl: base });
    const email = uniqueEmail('tabs');
    await register(session.page, email);
    await session.page.waitForURL('**/login?registrationSuccess=true');
    await signIn(session.page, email, PASSWORD);
    await session.page.getByRole('button', { name: /Ada/ }).first().waitFor();
    const access = await session.page.evaluate(() => localStorage.getItem('access'));
    await session.page.close();

    // As a browser restoring its tabs: the access token has expired and all three start at once.
    // A slow network holds each refresh for a moment, so the tabs' refreshes overlap.
    await accessTokenExpired(access);
    await session.context.route('**/api/token/refresh/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const tabs = await Promise.all([0, 1, 2].map(() => session.context.newPage()));
    await Promise.all(tabs.map((tab, i) => tab.goto(['/profile', '/about', '/profile'][i])));
    for (const tab of tabs) {
      await tab.getByRole('button', { name: /Ada/ }).first().waitFor();
      expect(new URL(tab.url()).pathname).not.toBe('/signin');
    }
    await tabs[0].getByRole('heading', { name: 'Your profile' }).waitFor();

    await tabs[1].getByRole('button', { name: /Ada/ }).first().click();
    await tabs[1].getByRole('button', { name: 'Sign Out' }).first().click();
    for (const tab of tabs) await tab.getByRole('link', { name: 'Login' }).first().waitFor();
    await session.context.close();
  });
});

describe('a visitor’s account', () => {
  it('shows the server’s message for a wrong password', async () => {
    const session = await openSession(shared.browser);
    session.allow(/\/api\/users\/login\/|status of 401/);
    await submitSignIn(session.page, 'nobody-here@example.com', 'Wrong-password-123');
    await session.page.getByRole('alert').getByText('No active account found with the given credentials').waitFor();
    await session.screenshot('accounts-login-error');
    expectNoProblems(session);
    await session.context.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const session = await openSession(shared.browser, { colorScheme: 'dark' });
    const { page } = session;
    const email = uniqueEmail('grace');
    await register(page, email);
    await page.waitForURL('**/login?registrationSuccess=true');

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /reset link/i })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send Password Reset Link' }).isDisabled()).toBe(true);

    await page.goto(await latestResetPath(email));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /password/i })
      .waitFor();
    await session.screenshot('accounts-reset-done');
    await page.waitForURL('**/signin', { timeout: 10_000 });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: /Ada/ }).first().waitFor();
    expectNoProblems(session);
    await session.context.close();
  });

  it('signs in with a one-time app token, and refuses a bad one', async () => {
    const email = uniqueEmail('native');
    const setup = await openSession(shared.browser);
    await register(setup.page, email);
    await setup.page.waitForURL('**/login?registrationSuccess=true');
    await setup.context.close();
    const { access } = await apiLogin(email, PASSWORD);
    const { token } = await apiCall<{ token: string }>(access, 'POST', '/api/users/app-token/');

    const session = await openSession(shared.browser, { width: 390, height: 800 });
    const { page } = session;
    await page.goto(`/app-login?token=${encodeURIComponent(token)}`);
    await page.waitForURL('**/welcome');
    expect(page.url()).not.toContain(token);
    await page.getByText(email).first().waitFor();
    await session.screenshot('accounts-welcome-phone');
    expectNoProblems(session);
    await session.context.close();

    const failed = await openSession(shared.browser);
    failed.allow(/login-with-token|status of 401/);
    const alerts: string[] = [];
    failed.page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await failed.page.goto(`/app-login?token=${encodeURIComponent(token)}`);
    await failed.page.waitForURL('**/login-failed');
    expect(alerts).toEqual([expect.stringMatching(/^Token login failed, Try to refresh the browser and retry: 401/)]);
    await failed.screenshot('accounts-login-failed');
    expectNoProblems(failed);
    await failed.context.close();
  });
});

describe('the account screens as a visitor sees them', () => {
  it.each(['light', 'dark'] as const)('renders each screen in %s at desktop and phone widths', async (colorScheme) => {
    const screens: [string, string][] = [
      ['/login', 'Sign in'],
      ['/register', 'Register'],
      ['/forgot-password', 'Forgot password'],
      ['/reset-password/Mg/not-a-real-token', 'Reset password'],
      ['/login-failed', 'Sign-in failed'],
      ['/welcome', 'Welcome'],
    ];
    for (const width of [1280, 390]) {
      const session = await openSession(shared.browser, { colorScheme, width, height: width > 600 ? 860 : 844 });
      await session.page.goto('/');
      await session.page.evaluate((mode) => localStorage.setItem('theme', mode), colorScheme);
      for (const [route, heading] of screens) {
        await session.page.goto(route);
        await session.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await session.screenshot(`accounts-${route.split('/')[1]}-${colorScheme}-${width}`);
      }
      await session.page.goto('/register');
      await appReady(session.page);
      await session.page.getByRole('button', { name: 'Terms and Conditions' }).click();
      await session.page.getByRole('dialog').getByText('June 9th, 2025').waitFor();
      await session.page.screenshot({ path: path.join(ARTIFACTS, `accounts-terms-${colorScheme}-${width}.png`) });
      expectNoProblems(session);
      await session.context.close();
    }
  });
});
