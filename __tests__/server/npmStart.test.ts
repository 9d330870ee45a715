import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadConfig } from '../../server/src/config';
import { buildServer } from '../../server/src/server';
import { createCategory, uploadDocument } from './media/client';
import { freePort, insertUser } from './testServer';

const ROOT = path.resolve(__dirname, '../..');

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A copy of the site as `npm start` finds it after a build: the package's own start script and
 * runner, and in dist/ a server entry that loads the server's sources (the build comes later in CI).
 */
function siteCopy(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-npm-start-'));
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'site-copy', private: true, scripts: { start: scripts.start } }));
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(path.join(ROOT, 'scripts/run.mjs'), path.join(root, 'scripts/run.mjs'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  fs.mkdirSync(path.join(root, 'dist/server'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/server/main.js'), `require(${JSON.stringify(path.join(ROOT, 'server/src/main.ts'))});\n`);
  // Newer than every source, so that run.mjs starts the server without building.
  const stamp = path.join(root, 'dist/build-stamp');
  fs.writeFileSync(stamp, '');
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(stamp, later, later);
  return root;
}

describe('npm start under a service manager', () => {
  let root: string;
  let npm: ChildProcess | undefined;
  let serverPid: number | undefined;
  beforeEach(() => {
    root = siteCopy();
  });
  afterEach(() => {
    if (serverPid !== undefined && isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
    if (npm?.exitCode === null) npm.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stops the server within 10 s of a SIGTERM to npm, with the downloads counted until then written', async () => {
    // The embedded database, with a current CV to download.
    const config = loadConfig({ dataDir: path.join(root, 'data'), databaseUrl: undefined, logLevel: 'silent', staticDir: path.join(root, 'no-spa') });
    const setup = await buildServer(config);
    await setup.ready();
    const staff = (await insertUser(setup, { is_staff: true })).auth;
    const cv = await createCategory(setup, staff, 'CV');
    const upload = await uploadDocument(setup, staff, { name: 'CV', category: String(cv.id), is_current: 'true' });
    expect(upload.statusCode).toBe(201);
    const documentId = upload.json<{ id: number }>().id;
    await setup.close();

    const port = await freePort();
    let output = '';
    npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: config.dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        // The server's TypeScript sources, loaded as the development commands do.
        NODE_OPTIONS: '--import=tsx',
        TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'),
        npm_config_update_notifier: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise((resolve) => npm?.once('exit', resolve));

    const startedBy = Date.now() + 45_000;
    while (!/site ready at/.test(output) && Date.now() < startedBy && npm.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = /"pid":(\d+)[^\n]*site ready at/.exec(output);
    if (!ready) throw new Error(`the site did not start under npm start:\n${output.slice(-3000)}`);
    serverPid = Number(ready[1]);
    expect(serverPid).not.toBe(npm.pid);

    const download = await fetch(`http://127.0.0.1:${port}/cv.pdf`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    npm.kill('SIGTERM');
    const stoppedBy = Date.now() + 10_000;
    while (isRunning(serverPid) && Date.now() < stoppedBy) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(serverPid)).toBe(false);
    await npmExited;

    const after = await buildServer(config);
    try {
      const counts = await after.db.selectFrom('download_counts').select(['document_id', 'count']).execute();
      expect(counts).toEqual([{ document_id: documentId, count: 1 }]);
    } finally {
      await after.close();
    }
  }, 90_000);
});
