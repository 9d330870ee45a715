import type { ChildProcess } from 'node:child_process';

import { serverErrorsIn, stopSite } from './server';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __SITE__?: ChildProcess }).__SITE__;
  if (child) await stopSite(child);
  // A journey that failed on a server error says so here (the log is in a temporary folder).
  const errors = process.env.E2E_DATA_DIR ? serverErrorsIn(process.env.E2E_DATA_DIR) : [];
  if (errors.length) console.warn(`The shared site answered ${errors.length} server errors:\n${errors.slice(0, 20).join('\n')}`);
}
