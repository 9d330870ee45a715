/**
 * The built site (`npm run build` first) on a fresh data folder with one staff account, for a bench
 * that measures it from outside: started, waited for until ready, stopped and removed after `run`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { waitFor } from './waitFor';

const ROOT = path.resolve(__dirname, '..');

export async function withBuiltSite<T>(
  site: { port: number; staff: { email: string; password: string }; env?: Record<string, string> },
  run: () => Promise<T>,
): Promise<T> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('Run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(site.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...site.env };
  const created = spawnSync(process.execPath, ['dist/server/createStaff.js', '--email', site.staff.email], {
    cwd: ROOT,
    env: { ...env, STAFF_PASSWORD: site.staff.password },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`create-staff failed: ${created.stderr}`);
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
