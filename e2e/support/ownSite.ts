import type { ChildProcess } from 'node:child_process';

import type { Browser } from 'playwright-core';

import { startSmtp } from '../../__tests__/mailbox';
import { launchBrowser } from './browser';
import { freePort, startSite, stopSite } from './server';
import { createStaff } from './site';

export interface OwnSite {
  /** The site's public address, which its pages, links and mail name. */
  base: string;
  /** The same site by its IP address, for API calls where the public address is a host name. */
  api: string;
  /** The SMTP server the site sends its mail to, holding what it received. */
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  browser: Browser;
}

/**
 * A journey's own site, for what the shared one cannot show (its own settings, a host name, a mailbox):
 * started on a free port before the file's tests, its owner made with the operator command, with a
 * browser to visit it; all stopped after the tests. The fields are there once the tests run.
 */
export function ownSite({
  host = '127.0.0.1',
  owner,
  env = {},
}: {
  /** The host name of its public address: passkeys need one, such as localhost, not an IP address. */
  host?: string;
  owner: { email: string; password: string; firstName: string };
  env?: Record<string, string>;
}): OwnSite {
  const own = {} as OwnSite;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    own.smtp = await startSmtp();
    const port = await freePort();
    own.base = `http://${host}:${port}`;
    own.api = `http://127.0.0.1:${port}`;
    const site = await startSite({ port, publicUrl: own.base, env: { SMTP_URL: own.smtp.url, ...env } });
    child = site.child;
    // The first staff account is the site's owner.
    createStaff(owner.email, owner.password, owner.firstName, site.dataDir);
    own.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await own.browser?.close();
    if (child) await stopSite(child);
    await own.smtp?.close();
  });
  return own;
}
