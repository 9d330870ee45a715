// Compiles the server and its commands to plain JavaScript in dist/server, one bundle per entry, so
// that production runs `node` on them with the runtime dependencies only. Runs after webpack in
// `npm run build`, and stamps the build that `npm start` compares sources against. Every bundle sits in the same
// folder: files found beside the code (the password list, the citation styles, the image worker) are found the same way.
// `node scripts/buildServer.mjs FOLDER` builds into FOLDER instead, without stamping the build (tests).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

import styledComponentIds from './styledComponentIds.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [outFolder] = process.argv.slice(2);
const out = outFolder ? path.resolve(outFolder) : path.join(root, 'dist/server');

const serverEntries = {
  main: 'server/src/main.ts',
  imageWorker: 'server/src/services/imageWorker.ts',
  worker: 'server/src/workers/worker.ts',
  migrate: 'server/src/cli/migrate.ts',
  createStaff: 'server/src/cli/createStaff.ts',
  resetPassword: 'server/src/cli/resetPassword.ts',
  backup: 'server/src/cli/backup.ts',
  restore: 'server/src/cli/restore.ts',
  mediaCheck: 'server/src/cli/mediaCheck.ts',
};

async function buildServer() {
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    // The compiled server is the production server, however it is started (`node dist/server/main.js`
    // with no environment): React and Redux Toolkit, required from node_modules, pick their production
    // builds by NODE_ENV when first required, so it is set before anything else runs (after the strict
    // mode directive, which only counts first).
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: '"use strict";\nprocess.env.NODE_ENV = "production";' },
    plugins: [
      {
        // The SPA's class names as the browser's bundle has them (see styledComponentIds.cjs).
        name: 'styled-component-ids',
        setup(bundler) {
          bundler.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => ({
            contents: styledComponentIds.withComponentIds(await fs.promises.readFile(args.path, 'utf8'), args.path),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  fs.copyFileSync(path.join(root, 'server/src/services/common-passwords.txt'), path.join(out, 'common-passwords.txt'));
  // The citation styles the worker bundle reads (publications/cite.ts), with their licence.
  fs.cpSync(path.join(root, 'server/src/publications/styles'), path.join(out, 'styles'), { recursive: true });
  if (!outFolder) fs.writeFileSync(path.join(root, 'dist/build-stamp'), `${new Date().toISOString()}\n`);
}

await buildServer();
