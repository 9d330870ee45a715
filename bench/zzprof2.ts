import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
async function main() {
  process.env.NODE_ENV = 'production';
  const { loadConfig } = await import('/work/main/server/src/config');
  const { buildServer } = await import('/work/main/server/src/server');
  const { makeStore } = await import('/work/main/src/app/store');
  const { prefetchPage } = await import('/work/main/src/app/preloadedState');
  const { pageAt } = await import('/work/main/src/app/routes');
  const { renderApp } = await import('/work/main/server/src/pages/render');
  const { PageAnswer } = await import('/work/main/server/src/pages/pageAnswer');
  const { inProcessQuery } = await import('/work/main/server/src/pages/inProcessQuery');
  const { api } = await import('/work/main/src/lib/api/apiSlice');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
  const app = await buildServer(loadConfig({ dataDir, logLevel: 'silent', maxEventLoopDelayMs: 0 }));
  await app.ready();
  const page = process.argv[2] ?? '/';
  const serverQuery = inProcessQuery(app);
  const t = { match: 0, store: 0, prefetch: 0, render: 0, answer: 0, reset: 0 };
  const N = 300;
  let html = '';
  let cpu0 = process.cpuUsage(); let wall0 = performance.now();
  for (let i = 0; i < N + 50; i += 1) {
    if (i === 50) { cpu0 = process.cpuUsage(); wall0 = performance.now(); }
    const a = performance.now();
    const matched = pageAt(page);
    const b = performance.now();
    const store = makeStore(undefined, { serverQuery });
    const c = performance.now();
    await prefetchPage(store, matched.prefetch, 'light');
    const d = performance.now();
    const r = await renderApp(page, store);
    html = r.body + r.styles + r.state;
    const e = performance.now();
    new PageAnswer(`<html>${html}</html>`, 200);
    const f = performance.now();
    store.dispatch(api.util.resetApiState());
    const g = performance.now();
    if (i >= 50) { t.match += b - a; t.store += c - b; t.prefetch += d - c; t.render += e - d; t.answer += f - e; t.reset += g - f; }
  }
  const cpu = process.cpuUsage(cpu0);
  console.log('cpu ms/page', ((cpu.user + cpu.system) / 1000 / N).toFixed(3), 'wall', ((performance.now() - wall0) / N).toFixed(3));
  for (const k of Object.keys(t) as (keyof typeof t)[]) console.log(k, (t[k] / N).toFixed(3));
  console.log('html KB', (html.length / 1024).toFixed(1));
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
void main();
