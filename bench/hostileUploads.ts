/**
 * Hostile uploads against the real site, four at once, while a person signs in every half second:
 * first the reported ones (two PNGs of 1 × 40,000,000 pixels, two GIFs of 6300 × 6300), then the
 * heaviest the site accepts (two GIFs at the GIF limit, two 40-megapixel JPEGs). Reports each
 * upload's answer, the sign-in times during the burst and the peak memory (RSS) of the site's
 * process and its image worker. Budgets: every sign-in under 1 s, peak memory under 700 MB; exits
 * non-zero when missed.
 * `npx tsx bench/hostileUploads.ts`; listens on 127.0.0.1:8520 only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import sharp from 'sharp';

import { pngChunk } from '../__tests__/server/media/fixtures';
import { createStaff, localSite, ROOT, STAFF } from './builtSite';
import { waitFor } from './waitFor';

const PORT = 8520;
const SITE = localSite(PORT);
const SIGN_IN_BUDGET_MS = 1000;
const RSS_BUDGET_MB = 700;
const DEADLINE_MS = 180_000;

/** A GIF of one colour, `side` pixels square: the size alone is what the site must refuse or bear. */
const squareGif = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#336699' } })
    .gif()
    .toBuffer();

/** A real, fully decodable grey PNG one pixel wide: each row is a filter byte and one pixel. */
function stripPng(height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const rows = zlib.deflateSync(Buffer.alloc(height * 2), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): { total: number; byPid: Record<number, number> } {
  const byPid: Record<number, number> = {};
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      byPid[p] = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return { total: Object.values(byPid).reduce((a, b) => a + b, 0), byPid };
}

async function signIn(): Promise<{ ms: number; status: number; access?: string }> {
  const started = performance.now();
  const res = await fetch(`${SITE}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
  });
  const body = (await res.json()) as { access?: string };
  return { ms: performance.now() - started, status: res.status, access: body.access };
}

async function upload(access: string, name: string, data: Buffer, type: string) {
  const form = new FormData();
  form.append('title', name);
  form.append('image', new Blob([new Uint8Array(data)], { type }), name);
  const started = performance.now();
  const res = await fetch(`${SITE}/api/photos/images/`, { method: 'POST', headers: { authorization: `Bearer ${access}` }, body: form });
  return { name, status: res.status, seconds: (performance.now() - started) / 1000, answer: (await res.text()).slice(0, 160) };
}

/** Sends the files at once while signing in every half second; true when within budget. */
async function burstOf(sitePid: number, access: string, files: [string, Buffer, string][]): Promise<boolean> {
  let peak = treeRssMb(sitePid);
  const sampler = setInterval(() => {
    const now = treeRssMb(sitePid);
    if (now.total > peak.total) peak = now;
  }, 100);
  let done = false;
  const burst = Promise.all(files.map(([name, data, type]) => upload(access, name, data, type))).finally(() => {
    done = true;
  });
  const during: { ms: number; status: number }[] = [];
  const deadline = Date.now() + DEADLINE_MS;
  while (!done && Date.now() < deadline) {
    during.push(await signIn());
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const uploads = await burst;
  clearInterval(sampler);

  const times = during.map((d) => d.ms);
  const slowest = Math.max(0, ...times);
  for (const u of uploads) console.log(`  upload ${u.name}: ${u.status} in ${u.seconds.toFixed(1)} s — ${u.answer}`);
  console.log(
    `  sign-ins during the burst: ${during.length} (statuses ${[...new Set(during.map((d) => d.status))].join(', ')}), ` +
      `median ${median(times).toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (budget < ${SIGN_IN_BUDGET_MS} ms)`,
  );
  const parts = Object.entries(peak.byPid).map(([pid, mb]) => `${pid === String(sitePid) ? 'site' : `child ${pid}`} ${mb.toFixed(0)} MB`);
  console.log(`  peak memory: ${peak.total.toFixed(0)} MB (${parts.join(', ')}) (budget < ${RSS_BUDGET_MB} MB)`);
  return slowest < SIGN_IN_BUDGET_MS && peak.total < RSS_BUDGET_MB && during.every((d) => d.status === 200);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(PORT), HOST: '127.0.0.1', AUTH_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' };
  createStaff(env, 'sources');
  const site = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(`${SITE}/api/health`);
    const png = stripPng(40_000_000);

    const idle = [];
    for (let i = 0; i < 3; i += 1) idle.push(await signIn());
    const { access } = idle[idle.length - 1];
    if (!access) throw new Error('could not sign in');
    console.log(`sign-in when idle: ${idle.map((d) => d.ms.toFixed(0)).join(', ')} ms; memory when idle ${treeRssMb(site.pid!).total.toFixed(0)} MB`);

    let ok = true;
    const rounds: [string, Promise<[string, Buffer, string][]>][] = [
      [
        'reported uploads',
        (async () => {
          const gif = await squareGif(6300);
          return [
            ['strip-1.png', png, 'image/png'],
            ['strip-2.png', png, 'image/png'],
            ['square-1.gif', gif, 'image/gif'],
            ['square-2.gif', gif, 'image/gif'],
          ];
        })(),
      ],
      [
        'heaviest accepted uploads',
        (async () => {
          const gif = await squareGif(4000);
          const noise = await sharp({
            create: { width: 6300, height: 6300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
          })
            .jpeg({ quality: 60 })
            .toBuffer();
          return [
            ['large-1.gif', gif, 'image/gif'],
            ['large-2.gif', gif, 'image/gif'],
            ['photo-1.jpg', noise, 'image/jpeg'],
            ['photo-2.jpg', noise, 'image/jpeg'],
          ];
        })(),
      ],
    ];
    for (const [title, filesOfRound] of rounds) {
      const files = await filesOfRound;
      console.log(`\n${title}: ${files.map(([name, data]) => `${name} (${(data.length / 1024).toFixed(0)} KB)`).join(', ')}`);
      ok = (await burstOf(site.pid!, access, files)) && ok;
    }
    console.log(ok ? '\nwithin budget' : '\nBUDGET MISSED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    site.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
