// `node scripts/run.mjs ENTRY [ARGS]`: runs a compiled server entry (main, migrate, createStaff,
// resetPassword, backup, restore, mediaCheck) in this process, building the site first only when a
// source is newer than the last build, so that a restart with a current build is quick.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist/build-stamp');
const SOURCES = ['src', 'server', 'public', 'scripts', 'package-lock.json', 'webpack.config.ts', 'tsconfig.json'];

function newestChange(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

function buildIfStale() {
  const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built > Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))))) return;
  // A production install (npm ci --omit=dev) has no build tools: a copied or checked-out build runs as it is.
  if (!fs.existsSync(path.join(root, 'node_modules/webpack'))) {
    if (built === 0) {
      process.stderr.write('There is no build in dist/ and the build tools are not installed: run "npm ci && npm run build" first.\n');
      process.exit(1);
    }
    process.stderr.write(
      'Warning: some sources are newer than the build in dist/, and the build tools are not installed (npm ci --omit=dev): running the build as it is. Rebuild with "npm ci && npm run build" if the sources changed.\n',
    );
    return;
  }
  process.stderr.write('Sources changed since the last build: building the site...\n');
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const [entry] = process.argv.splice(2, 1);
const bundle = path.join(root, 'dist/server', `${entry}.js`);
if (!entry || !/^[A-Za-z]+$/.test(entry)) {
  process.stderr.write('usage: node scripts/run.mjs ENTRY [ARGS]\n');
  process.exit(2);
}
buildIfStale();
if (!fs.existsSync(bundle)) {
  process.stderr.write(`No compiled entry ${entry} in dist/server\n`);
  process.exit(2);
}
createRequire(import.meta.url)(bundle);
