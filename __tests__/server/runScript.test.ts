import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * scripts/run.mjs (what `npm start` and the commands run) in a copy of the site installed for
 * production: a build in dist/, no build tools.
 */
describe('starting a built site without its build tools', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-run-'));
    fs.mkdirSync(path.join(root, 'scripts'));
    fs.copyFileSync(path.join(__dirname, '../../scripts/run.mjs'), path.join(root, 'scripts/run.mjs'));
    fs.mkdirSync(path.join(root, 'dist/server'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist/server/hello.js'), "process.stdout.write('started');\n");
    fs.mkdirSync(path.join(root, 'src'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const run = () => spawnSync(process.execPath, [path.join(root, 'scripts/run.mjs'), 'hello'], { cwd: root, encoding: 'utf8' });

  it('runs the build it has when a source is newer, and says so', () => {
    fs.writeFileSync(path.join(root, 'dist/build-stamp'), '');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(root, 'dist/build-stamp'), past, past);
    fs.writeFileSync(path.join(root, 'src/touched.ts'), '');
    const { status, stdout, stderr } = run();
    expect(status).toBe(0);
    expect(stdout).toBe('started');
    expect(stderr).toContain('some sources are newer than the build in dist/, and the build tools are not installed');
  });

  it('says what to do when there is no build at all', () => {
    const { status, stdout, stderr } = run();
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('There is no build in dist/ and the build tools are not installed: run "npm ci && npm run build" first.');
  });
});
