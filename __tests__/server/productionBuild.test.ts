import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { fakeBuild, freePort } from './testServer';

const REPO = path.resolve(__dirname, '../..');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loaded by the site before its code: on SIGUSR2 it writes NODE_ENV and the files of every module that
 * has run (Node also lists those whose exports it only read ahead, for an import from an ES module),
 * whole under its name at once (renamed into place), so that the test never reads half of it.
 */
const MODULES_PROBE = `process.on('SIGUSR2', () => {
  const fs = require('node:fs');
  const ran = Object.values(require.cache).filter((module) => module.loaded).map((module) => module.filename);
  fs.writeFileSync(process.env.MODULES_FILE + '.part', JSON.stringify({ nodeEnv: process.env.NODE_ENV, ran }));
  fs.renameSync(process.env.MODULES_FILE + '.part', process.env.MODULES_FILE);
});
`;

/**
 * The compiled server (scripts/buildServer.mjs, built into a temporary folder beside a fake build of
 * the SPA), started as a service manager starts it: `node dist/server/main.js`, with no NODE_ENV.
 */
describe('the compiled server', () => {
  let root: string;
  let site: ChildProcess | undefined;
  let output = '';
  let port: number;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-built-'));
    const built = spawnSync(process.execPath, [path.join(REPO, 'scripts/buildServer.mjs'), path.join(root, 'dist/server')], { encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const spa = fakeBuild();
    fs.cpSync(spa, path.join(root, 'dist/public'), { recursive: true });
    fs.rmSync(spa, { recursive: true, force: true });
    fs.writeFileSync(path.join(root, 'probe.cjs'), MODULES_PROBE);
    // The installed packages, as the site's own folder has them.
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
    port = await freePort();
    site = spawn(process.execPath, ['--require', './probe.cjs', 'dist/server/main.js'], {
      cwd: root,
      // No NODE_ENV.
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: path.join(root, 'data'),
        MODULES_FILE: path.join(root, 'modules.json'),
      },
    });
    site.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    site.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    for (let i = 0; i < 300 && !output.includes('site ready') && site.exitCode === null; i += 1) await wait(100);
    expect(output).toContain('site ready');
  }, 120_000);

  afterAll(async () => {
    if (site && site.exitCode === null) {
      const exited = new Promise((resolve) => site?.once('exit', resolve));
      site.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renders pages with the production builds of React and Redux Toolkit', async () => {
    for (const address of ['/', '/about', '/notes/no-such-note', '/no/such/page']) await fetch(`http://127.0.0.1:${port}${address}`);
    site?.kill('SIGUSR2');
    const file = path.join(root, 'modules.json');
    for (let i = 0; i < 100 && !fs.existsSync(file); i += 1) await wait(50);
    const { nodeEnv, ran } = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodeEnv: string; ran: string[] };
    expect(ran.filter((module) => /\.development\.c?js$/.test(module))).toEqual([]);
    expect(ran).toContainEqual(expect.stringMatching(/react-dom-server\.node\.production\.min\.js$/));
    // Node versions that require ES modules take Redux Toolkit's, which reads NODE_ENV as it runs; others its production build.
    expect(ran).toContainEqual(expect.stringMatching(/redux-toolkit\.(modern\.mjs|production\.min\.cjs)$/));
    expect(nodeEnv).toBe('production');
  });

  it('writes its log as JSON lines only, the pages it rendered included', async () => {
    // Written at most a second late, on an idle machine: waited for up to ten.
    for (let i = 0; i < 100 && !output.includes('"url":"/notes/no-such-note"'); i += 1) await wait(100);
    const lines = output.split('\n').filter(Boolean);
    expect(lines.some((line) => line.includes('"url":"/notes/no-such-note"'))).toBe(true);
    expect(lines.filter((line) => !/^\{.*\}$/.test(line) || !JSON.parse(line))).toEqual([]);
  });
});
