import type { ChildProcess } from 'node:child_process';

import { stopSite } from './server';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __SITE__?: ChildProcess }).__SITE__;
  if (child) await stopSite(child);
}
