import type { Browser } from 'playwright-core';

import { launchBrowser } from './browser';
import { createStaff } from './site';

export interface SharedSite {
  browser: Browser;
}

/** A staff account a journey makes on the shared site (`firstName` as createStaff takes it). */
export interface StaffAccount {
  email: string;
  password: string;
  firstName?: string;
}

/**
 * A journey's opening on the shared site, which the global set-up started for every journey: its staff
 * accounts made with the operator command and a browser to visit the site, before the file's tests; the
 * browser closed after them. The file's own set-up hooks, declared after this call, run after it.
 */
export function sharedSite({ staff = [] }: { staff?: StaffAccount[] } = {}): SharedSite {
  const shared = {} as SharedSite;
  beforeAll(async () => {
    for (const { email, password, firstName } of staff) createStaff(email, password, firstName);
    shared.browser = await launchBrowser();
  });
  afterAll(async () => {
    await shared.browser?.close();
  });
  return shared;
}
