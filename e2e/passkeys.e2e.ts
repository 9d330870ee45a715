import type { Page } from 'playwright-core';

import { accessibilityProblems, appReady, expectNoProblems, openSession, type Session } from './support/browser';
import { ownSite } from './support/ownSite';
import { submitSignIn } from './support/signIn';
import { apiLogin } from './support/site';

const OWNER = { email: 'olivia.owner@example.com', password: 'Owner-passphrase-for-e2e-2026' };

/**
 * Passkeys are bound to a host name, and browsers refuse an IP address as one: this journey runs
 * a site of its own whose public address is localhost (the shared site's is 127.0.0.1).
 */
const own = ownSite({ host: 'localhost', owner: { ...OWNER, firstName: 'Olivia' } });

/** A platform authenticator in the page's browser, as a laptop's fingerprint reader is: it holds passkeys and verifies its user. */
async function addVirtualAuthenticator(session: Session): Promise<void> {
  const cdp = await session.context.newCDPSession(session.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

const profileCard = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

async function signOutFromProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await appReady(page);
}

/** The top bar names the signed-in owner once the app has taken the page over. */
const signedInAsOwner = (page: Page) => page.getByRole('button', { name: /^Olivia/ }).waitFor();

/**
 * A browser that does not offer passkeys in autofill (conditional mediation), so that the sign-in
 * screen waits for the button; the virtual authenticator would otherwise answer the autofill at once.
 */
async function withoutPasskeyAutofill(session: Session): Promise<void> {
  await session.context.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

async function signInWithPasskeyButton(page: Page): Promise<void> {
  await page.goto('/signin');
  await appReady(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signedInAsOwner(page);
}

async function setPasskeysRequired(page: Page, required: boolean): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Security' }).click();
  const box = page.getByRole('checkbox', { name: 'Require passkeys for staff' });
  await box.setChecked(required);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(required ? 'Passkeys are now required' : 'Passkeys are no longer required').waitFor();
}

describe('passkeys', () => {
  // The owner's browser, with its authenticator, through the journey.
  let owner: Session;
  let codes: string[];

  it('the owner adds a passkey on the profile, signs out and signs in with it alone', async () => {
    owner = await openSession(own.browser, { baseUrl: own.base });
    const { page } = owner;
    page.setDefaultTimeout(15_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await addVirtualAuthenticator(owner);

    // With the password, as ever; then a passkey on the profile.
    await submitSignIn(page, OWNER.email, OWNER.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    const card = profileCard(page);
    await card.getByText('You have no passkeys yet.').waitFor();
    expect(await card.getByLabel('Name of the new passkey').inputValue()).toBe('Chrome on Linux');
    await card.getByLabel('Name of the new passkey').fill('Work laptop');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByText('Passkey “Work laptop” added. You can sign in with it from now on.').waitFor();
    // The list is fetched again after the message: wait for the new row.
    const neverUsed = card.getByRole('row', { name: /Work laptop/ }).getByRole('cell', { name: 'Never' });
    await neverUsed.waitFor();
    expect(await neverUsed.count()).toBe(1);

    // Recovery codes, shown once.
    await card.getByRole('button', { name: 'Create recovery codes' }).click();
    // The codes arrive with the server's answer: wait for them before reading them.
    await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').nth(9).waitFor();
    codes = await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await owner.screenshot('staff-profile-passkeys');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('10 unused codes left.').waitFor();

    // Signed out, back in with the passkey alone, no email and no password: picked from the email
    // field's suggestions (the virtual authenticator picks it at once, as the person would)...
    await signOutFromProfile(page);
    await page.goto('/signin');
    await page.waitForURL((url) => url.pathname === '/');
    await signedInAsOwner(page);
    // ...or with the button, in a browser that does not offer passkeys in autofill.
    await signOutFromProfile(page);
    await withoutPasskeyAutofill(owner);
    await signInWithPasskeyButton(page);
    await page.goto('/profile');
    await profileCard(page)
      .getByRole('row', { name: /Work laptop/ })
      .waitFor();
    expect(
      await profileCard(page)
        .getByRole('row', { name: /Work laptop/ })
        .getByRole('cell', { name: 'Never' })
        .count(),
    ).toBe(0);
    expectNoProblems(owner);
  }, 120_000);

  it('has no serious or critical accessibility problem on the new screens at 360 px and on a desktop, light and dark', async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [360, 1280]) {
        const session = await openSession(own.browser, { baseUrl: own.base, width, height: 800, colorScheme });
        const { page, context } = session;
        page.setDefaultTimeout(15_000);
        await context.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
        const check = async (what: string) => {
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
          found.push(...(await accessibilityProblems(page)).map((problem) => `${colorScheme} ${width} ${what}: ${problem}`));
        };

        await page.goto('/signin');
        await appReady(page);
        await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
        await check('sign-in');

        // A sign-in of its own: refresh tokens rotate, so two browsers cannot share one.
        const tokens = await apiLogin(OWNER.email, OWNER.password, own.api);
        await page.evaluate(({ access, refresh }) => {
          localStorage.setItem('access', access);
          localStorage.setItem('refresh', refresh);
        }, tokens);
        await page.goto('/profile');
        await appReady(page);
        await profileCard(page)
          .getByRole('row', { name: /Work laptop/ })
          .waitFor();
        await profileCard(page).getByText('10 unused codes left.').waitFor();
        await check('profile');
        if (width === 360) await session.screenshot(`staff-profile-passkeys-phone-${colorScheme}`);

        await page.goto('/admin/security');
        await page.getByRole('checkbox', { name: 'Require passkeys for staff' }).waitFor();
        await check('admin security');
        if (width === 360) await session.screenshot(`staff-admin-sign-in-security-phone-${colorScheme}`);
        expectNoProblems(session);
        await context.close();
      }
    expect(found).toEqual([]);
  }, 150_000);

  it('with passkeys required of staff the password alone is refused; a recovery code or the passkey signs in; the passkey is removed', async () => {
    const { page } = owner;
    await setPasskeysRequired(page, true);
    await page.getByText('1 of 1 staff member has a passkey.').waitFor();
    await owner.screenshot('staff-admin-sign-in-security');

    // On another computer, which holds no passkey, the password alone is refused, with what to do
    // instead; a recovery code with it signs in, once.
    const elsewhere = await openSession(own.browser, { baseUrl: own.base });
    elsewhere.page.setDefaultTimeout(15_000);
    await submitSignIn(elsewhere.page, OWNER.email, OWNER.password);
    await elsewhere.page
      .getByRole('alert')
      .getByText(/^Staff sign in with a passkey on this site: choose “Sign in with a passkey”\./)
      .waitFor();
    expect(new URL(elsewhere.page.url()).pathname).toBe('/signin');
    await elsewhere.page.getByLabel('Recovery code').waitFor();
    expect(await accessibilityProblems(elsewhere.page)).toEqual([]);
    await elsewhere.screenshot('visitor-sign-in-passkey-required');
    await elsewhere.page.getByLabel('Recovery code').fill(codes[0]);
    await elsewhere.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await elsewhere.page.waitForURL((url) => url.pathname === '/');
    await signedInAsOwner(elsewhere.page);
    await signOutFromProfile(elsewhere.page);
    await submitSignIn(elsewhere.page, OWNER.email, OWNER.password);
    await elsewhere.page.getByLabel('Recovery code').fill(codes[0]);
    await elsewhere.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await elsewhere.page.getByRole('alert').getByText('That recovery code is not valid or has already been used.').waitFor();
    elsewhere.allow(/HTTP 40[13]: POST .*\/api\/users\/login\/|status of 40[13]/);
    expectNoProblems(elsewhere);
    await elsewhere.context.close();

    // The owner's own browser signs in with the passkey, as ever.
    await signOutFromProfile(page);
    await signInWithPasskeyButton(page);

    // While passkeys are required the last one stays; once they are not, it goes.
    await page.goto('/profile');
    await profileCard(page).getByRole('button', { name: 'Remove Work laptop' }).click();
    await profileCard(page).getByText('Staff must sign in with a passkey: add another passkey before removing your last one.').waitFor();
    await setPasskeysRequired(page, false);
    await page.goto('/profile');
    await profileCard(page).getByRole('button', { name: 'Remove Work laptop' }).click();
    await profileCard(page).getByText('Passkey “Work laptop” removed.').waitFor();
    await profileCard(page).getByText('You have no passkeys yet.').waitFor();

    // The refusals above were the designed answers.
    owner.allow(/HTTP 409: DELETE .*\/api\/users\/passkeys\/|status of 409/);
    expectNoProblems(owner);
    await owner.context.close();
  }, 150_000);
});
