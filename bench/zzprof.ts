import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
async function main() {
  process.env.NODE_ENV = 'production';
  const { loadConfig } = await import('/work/main/server/src/config');
  const { buildServer } = await import('/work/main/server/src/server');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
  const app = await buildServer(loadConfig({ dataDir, logLevel: 'silent', maxEventLoopDelayMs: 0, pageCacheMb: 1 / 1024 }));
  await app.ready();
  const page = process.argv[2] ?? '/';
  for (let i = 0; i < 50; i += 1) await app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip' } });
  const t = performance.now();
  const N = Number(process.argv[3] ?? 300);
  for (let i = 0; i < N; i += 1) await app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip' } });
  console.log(page, ((performance.now() - t) / N).toFixed(2), 'ms/answer', app.pageCacheUse());
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
void main();
