import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
async function main() {
  process.env.NODE_ENV = 'production';
  const { loadConfig } = await import('/work/main/server/src/config');
  const { buildServer } = await import('/work/main/server/src/server');
  const { makeStore } = await import('/work/main/src/app/store');
  const { pageAt } = await import('/work/main/src/app/routes');
  const { inProcessQuery } = await import('/work/main/server/src/pages/inProcessQuery');
  const { api } = await import('/work/main/src/lib/api/apiSlice');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
  const app = await buildServer(loadConfig({ dataDir, logLevel: 'silent', maxEventLoopDelayMs: 0 }));
  await app.ready();
  const serverQuery = inProcessQuery(app);
  const t = { match: 0, store: 0, call1: 0, call2: 0, reset: 0, baseQueryOnly: 0, outer: 0 };
  const N = 2000;
  for (let i = 0; i < N + 200; i += 1) {
    const url = `/notes/missing-${i}`;
    const a = performance.now();
    const matched = pageAt(url);
    const b = performance.now();
    const store = makeStore(undefined, { serverQuery });
    const c = performance.now();
    await store.dispatch(matched.prefetch[0] as never);
    const d = performance.now();
    await store.dispatch(matched.prefetch[1] as never);
    const e = performance.now();
    store.dispatch(api.util.resetApiState());
    const f = performance.now();
    await serverQuery(`/api/notes/missing-${i}/`, {} as never, {});
    const g = performance.now();
    await app.inject({ method: 'GET', url });
    const h = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    if (i >= 200) { t.match += b - a; t.store += c - b; t.call1 += d - c; t.call2 += e - d; t.reset += f - e; t.baseQueryOnly += g - f; t.outer += h - g; }
  }
  for (const k of Object.keys(t) as (keyof typeof t)[]) console.log(k, (t[k] / N).toFixed(3));
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
void main();
