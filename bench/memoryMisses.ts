/**
 * Addresses that name nothing, and pages not yet rendered, against the built site (`npm run build` first;
 * `npx tsx bench/memoryMisses.ts`, needs wrk): a fresh embedded database on port 8633, seeded with a staff
 * account, the bench's notes and papers, then started again, and measured for:
 *  1. the first view of every page in the sitemap after that start < 300 ms, then no 503 during the first 30 s,
 *     under bench/crawl.lua's mixed crawl;
 *  2. 100,000 unique addresses that name nothing (bench/misses.lua: missing notes, papers, tags, list pages,
 *     unknown addresses, API reads of missing items): all answered 404 at ≥ 1,000 requests/s, and the
 *     site's memory after garbage collection (bench/memoryProbe.cjs) within 50 MB of where it was before;
 *  3. an uncached page, in-process (the server from source with a page cache too small to keep any page,
 *     so that every request renders, from warm API caches): its median answer time ≤ 4 ms.
 * Prints the numbers, writes bench/memoryMisses.json, exits non-zero when a budget is missed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createStaff, localSite, memoryOf, ROOT, signIn, staffApi } from './builtSite';
import { HEAVY_NOTE, seedNotes } from './notes';
import { PAPER, seedPapers } from './papers';
import { waitFor } from './waitFor';

const PORT = 8633;
const SITE = localSite(PORT);
const MISSES = 100_000;
const MISS_RATE_BUDGET = 1_000;
const MEMORY_GROWTH_BUDGET_MB = 50;
const START_CRAWL_SECONDS = 30;
const FIRST_VIEW_BUDGET_MS = 300;
const RENDER_BUDGET_MS = 4;
const RENDERS = 200;
const CONNECTIONS = 50;

/** As in bench/run.ts: the site on the first core, wrk on the second, when there are two. */
const PINNED = os.availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;
const onCore = (core: number, command: string, args: string[]): [string, string[]] =>
  PINNED ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];

function startSite(dataDir: string, probeFile: string): ChildProcess {
  const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', MEMORY_PROBE_FILE: probeFile };
  return spawn(...onCore(0, process.execPath, ['--expose-gc', '--require', path.join(__dirname, 'memoryProbe.cjs'), 'dist/server/main.js']), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopSite(site: ChildProcess): Promise<void> {
  if (site.exitCode !== null) return;
  const exited = new Promise((resolve) => site.once('exit', resolve));
  site.kill('SIGTERM');
  await exited;
}

async function seed(dataDir: string): Promise<void> {
  createStaff({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const api = staffApi(SITE, await signIn(SITE));
  await seedNotes(api);
  await seedPapers(api);
}

/** Each page of the sitemap asked for once, one after the other, as a first visitor would (gzip): ms each. */
async function firstViewTimes(): Promise<Record<string, number>> {
  const sitemap = await (await fetch(`${SITE}/sitemap.xml`)).text();
  const times: Record<string, number> = {};
  for (const [, address] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const page = new URL(address).pathname;
    const started = performance.now();
    const res = await fetch(`${SITE}${page}`, { headers: { 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
    times[page] = Math.round(performance.now() - started);
    if (res.status !== 200) throw new Error(`${page} answered ${res.status} on its first view`);
  }
  return times;
}

interface Run {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
}

/** wrk with bench/misses.lua: `crawl`, or unique missing addresses numbered from `first`. */
function wrk(seconds: number, scriptArgument: string): Run {
  const run = spawnSync(...onCore(1, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', 'bench/misses.lua', SITE, '--', scriptArgument]), {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.error || run.status !== 0) throw new Error(`wrk failed (install it: apt-get install wrk): ${run.error?.message ?? run.stderr}`);
  const statuses = Object.fromEntries(
    (/statuses: (.*)/.exec(run.stdout)?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=').map(String) as [string, string])
      .map(([status, n]) => [status, Number(n)]),
  );
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(run.stdout);
  if (socketErrors) statuses.socketErrors = socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0);
  return { requests: Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0), seconds, statuses };
}

const add = (a: Record<string, number>, b: Record<string, number>) => {
  for (const [key, n] of Object.entries(b)) a[key] = (a[key] ?? 0) + n;
  return a;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface RenderTiming {
  /** Median time from the request to the last byte of the answer, ms. */
  ms: number;
  /** Median processor time of the process meanwhile, ms: what the answer costs, however busy the machine is with other work. */
  cpuMs: number;
}

/**
 * Pages rendered in-process for every request: the server from source, in production mode, with a page
 * cache too small to keep a page.
 */
async function uncachedRenders(dataDir: string): Promise<Record<string, RenderTiming>> {
  // Before React and Redux Toolkit are loaded: they choose their builds by it.
  process.env.NODE_ENV = 'production';
  const { loadConfig } = await import('../server/src/config');
  const { buildServer } = await import('../server/src/server');
  const app = await buildServer(loadConfig({ dataDir, logLevel: 'silent', maxEventLoopDelayMs: 0, pageCacheMb: 1 / 1024 }));
  await app.ready();
  try {
    const timings: Record<string, RenderTiming> = {};
    const round = (ms: number) => Math.round(ms * 100) / 100;
    for (const page of ['/', '/notes', HEAVY_NOTE, '/research', PAPER]) {
      // Warm: the API answers cached, the code compiled.
      for (let i = 0; i < 20; i += 1) await app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip' } });
      const times: number[] = [];
      const cpuTimes: number[] = [];
      for (let i = 0; i < RENDERS; i += 1) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        // As a stream: light-my-request otherwise decodes the gzip body as text, which is the client's work.
        const res = await app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip' }, payloadAsStream: true });
        const used = process.cpuUsage(cpu);
        res.stream().resume();
        times.push(performance.now() - started);
        cpuTimes.push((used.user + used.system) / 1000);
        if (res.statusCode !== 200) throw new Error(`${page} answered ${res.statusCode}`);
      }
      timings[page] = { ms: round(median(times)), cpuMs: round(median(cpuTimes)) };
    }
    if (app.pageCacheUse().pages !== 0) throw new Error('The page cache kept a page: the renders above were not all uncached.');
    return timings;
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('Run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-misses-'));
  const probeFile = path.join(dataDir, 'memory.json');
  let site = startSite(dataDir, probeFile);
  try {
    await waitFor(`${SITE}/api/health`);
    await seed(dataDir);
    await stopSite(site);

    // A start, the first view of every public page, then at once a crawl of every kind of answer.
    site = startSite(dataDir, probeFile);
    await waitFor(`${SITE}/api/health`);
    const firstViews = await firstViewTimes();
    const afterStart = wrk(START_CRAWL_SECONDS, 'crawl');

    // Every kind of miss once, then the memory they start from.
    let first = 0;
    const warm = wrk(2, String(first));
    first += warm.requests + CONNECTIONS;
    const before = (await memoryOf(site, probeFile)).rssMb;
    const misses: Run = { requests: 0, seconds: 0, statuses: {} };
    while (misses.requests < MISSES) {
      const run = wrk(10, String(first));
      first += run.requests + CONNECTIONS;
      misses.requests += run.requests;
      misses.seconds += run.seconds;
      add(misses.statuses, run.statuses);
    }
    const after = (await memoryOf(site, probeFile)).rssMb;
    await stopSite(site);

    const renders = await uncachedRenders(dataDir);
    const rate = Math.round(misses.requests / misses.seconds);
    const notFound = misses.statuses['404'] ?? 0;
    const slowestView = Object.entries(firstViews).reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    const checks = [
      {
        budget: `first view of every public page in the sitemap after a start < ${FIRST_VIEW_BUDGET_MS} ms`,
        value: `${Object.keys(firstViews).length} pages, slowest ${slowestView[0]} in ${slowestView[1]} ms, median ${median(Object.values(firstViews))} ms`,
        ok: slowestView[1] < FIRST_VIEW_BUDGET_MS,
      },
      {
        budget: `no 503 in the first ${START_CRAWL_SECONDS} s after a start, under a mixed crawl`,
        value: `${afterStart.requests} requests (${Math.round(afterStart.requests / START_CRAWL_SECONDS)}/s): ${JSON.stringify(afterStart.statuses)}`,
        ok: !afterStart.statuses['503'] && !afterStart.statuses.socketErrors,
      },
      {
        budget: `${MISSES.toLocaleString('en')} unique addresses naming nothing answer 404 at ≥ ${MISS_RATE_BUDGET.toLocaleString('en')} requests/s`,
        value: `${misses.requests} requests at ${rate}/s: ${JSON.stringify(misses.statuses)}`,
        ok: rate >= MISS_RATE_BUDGET && notFound === misses.requests,
      },
      {
        budget: `memory after them ≤ ${MEMORY_GROWTH_BUDGET_MB} MB above where it started (garbage collected)`,
        value: `RSS ${before} → ${after} MB`,
        ok: after - before <= MEMORY_GROWTH_BUDGET_MB,
      },
      ...Object.entries(renders).map(([page, { ms, cpuMs }]) => ({
        budget: `${page} uncached (rendered for the request, gzip) answers in ≤ ${RENDER_BUDGET_MS} ms, median of ${RENDERS}`,
        value: `${ms} ms (processor time ${cpuMs} ms)`,
        ok: ms <= RENDER_BUDGET_MS,
      })),
    ];
    console.log(
      `\nLoad average of the machine meanwhile: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')} (${os.availableParallelism()} cores)`,
    );
    console.log('\nBudgets:');
    for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.budget}: ${c.value}`);
    fs.writeFileSync(
      path.join(ROOT, 'bench/memoryMisses.json'),
      `${JSON.stringify({ at: new Date().toISOString(), firstViews, afterStart, misses, memory: { before, after }, renders, checks }, null, 2)}\n`,
    );
    if (checks.some((c) => !c.ok)) process.exitCode = 1;
  } finally {
    await stopSite(site);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
