/**
 * The staff account the benches sign in with, and the built site (`npm run build` first) on a fresh data
 * folder for a bench that measures it from outside: started, waited for until ready, stopped and removed
 * after `run`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { waitFor } from './waitFor';

/** The repository, where the benches run the site's commands. */
export const ROOT = path.resolve(__dirname, '..');
/** A site the benches start on this machine, by its port: they listen on 127.0.0.1 only. */
export const localSite = (port: number) => `http://127.0.0.1:${port}`;

export const STAFF = { email: 'bench@example.com', password: 'Bench-password-2026!' };

/** `create-staff` for STAFF in `env`'s data folder: the built command, or the source through tsx. */
export function createStaff(env: NodeJS.ProcessEnv, from: 'built' | 'sources' = 'built'): void {
  const command = from === 'built' ? ['dist/server/createStaff.js'] : ['--import', 'tsx', 'server/src/cli/createStaff.ts'];
  const created = spawnSync(process.execPath, [...command, '--email', STAFF.email, '--first-name', 'Bench'], {
    cwd: ROOT,
    env: { ...env, STAFF_PASSWORD: STAFF.password },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`create-staff failed: ${created.stderr}`);
}

/** STAFF's access token on the site at `site`. */
export async function signIn(site: string): Promise<string> {
  const login = await fetch(`${site}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify(STAFF),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return ((await login.json()) as { access: string }).access;
}

export type StaffApi = <Answer = Record<string, unknown>>(method: string, url: string, body?: unknown) => Promise<Answer>;

/** Staff calls with `access`: a JSON or form body, the JSON answer ({} for 204); anything but 2xx throws. */
export function staffApi(site: string, access: string): StaffApi {
  return async <Answer>(method: string, url: string, body?: unknown) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${site}${url}`, {
      method,
      headers: { authorization: `Bearer ${access}`, origin: site, ...(isForm || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? {} : await res.json()) as Answer;
  };
}

export async function withBuiltSite<T>(site: { port: number; env?: Record<string, string> }, run: () => Promise<T>): Promise<T> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('Run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(site.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...site.env };
  createStaff(env);
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(`http://127.0.0.1:${site.port}/api/health/ready`);
    return await run();
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface Memory {
  /** Resident set size, MB. */
  rssMb: number;
  /** V8 heap in use, MB. */
  heapMb: number;
}

/** The site's memory once garbage is collected (bench/memoryProbe.cjs, preloaded into the site, answers SIGUSR2). */
export async function memoryOf(site: ChildProcess, probeFile: string): Promise<Memory> {
  fs.rmSync(probeFile, { force: true });
  site.kill('SIGUSR2');
  for (let waited = 0; !fs.existsSync(probeFile); waited += 100) {
    if (waited > 10_000) throw new Error('The site did not report its memory.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const usage = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage;
  return { rssMb: Math.round(usage.rss / 2 ** 20), heapMb: Math.round(usage.heapUsed / 2 ** 20) };
}
