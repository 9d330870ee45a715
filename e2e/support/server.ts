import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8190);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export { freePort } from '../../__tests__/freePort';

/** The site's answers with a server error (5xx) in its log, as `status method url` lines. */
export function serverErrorsIn(dataDir: string): string[] {
  const log = path.join(dataDir, 'server.log');
  if (!fs.existsSync(log)) return [];
  return fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => /"statusCode":5\d\d/.test(line))
    .map((line) => {
      try {
        const { statusCode, method, url } = JSON.parse(line) as { statusCode: number; method?: string; url?: string };
        return `${statusCode} ${method ?? ''} ${url ?? ''}`;
      } catch {
        return line.slice(0, 300);
      }
    });
}

/** Stops a site started by startSite: it closes within its grace period (8 s), or is ended after it. */
export async function stopSite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const deadline = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(deadline);
}

/**
 * Starts the built site on a fresh embedded database, as the README's run command does: the
 * journeys' shared site, or one of a journey's own on another port and public address (passkeys
 * need a host name such as localhost, not an IP address).
 */
export async function startSite({
  port = E2E_PORT,
  publicUrl = BASE_URL,
  env = {},
}: {
  port?: number;
  publicUrl?: string;
  /** Settings of a journey's own site (its mail server, say). */
  env?: Record<string, string>;
} = {}): Promise<{
  child: ChildProcess;
  dataDir: string;
}> {
  const local = `http://127.0.0.1:${port}`;
  const root = path.resolve(__dirname, '../..');
  if (!fs.existsSync(path.join(root, 'dist/public/assets-manifest.json')) || !fs.existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('No built site in dist: run "npm run build" before the browser tests.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  // The compiled server, as production runs it.
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: publicUrl,
      // Short-lived access tokens let the journeys see a refresh happen.
      ACCESS_TOKEN_SECONDS: process.env.ACCESS_TOKEN_SECONDS ?? '8',
      // Journeys sign in many times from one address.
      AUTH_RATE_LIMIT: '1000',
      // Journeys run the scheduled work when they need it done rather than wait for its timers (see runScheduledWork).
      TEST_HOOKS: '1',
      // CI runs other suites beside the journeys: a server starved of processor time would shed load, and a
      // journey's step wait out the Retry-After. Shedding has its own tests (loadShedding.test.ts, bench/).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Likewise the heavy work's deadline (2 s): its threads run niced, so beside another suite a preview of a
      // long note, or a paper's citations, would pass it and be refused as too big. The deadline has its own tests (heavyWork.test.ts).
      WORK_DEADLINE_MS: '30000',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${local}/api/health`);
      if (res.ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(
    `The site did not start; see ${path.join(dataDir, 'server.log')}:\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-3000)}`,
  );
}
