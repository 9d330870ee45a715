// Before anything else runs: see the module.
import './runtimeTuning';

import { loadConfig } from './config';
import { databaseName } from './db';
import { eventLine, logOutput } from './logging';
import { buildServer, closeWithin } from './server';

const log = logOutput();

/** Pages rendered at start: one of each kind and more, fewer than would delay a start with a large site. */
const WARM_PAGES = 40;

/**
 * Renders the first pages of the sitemap once before listening: they are then cached, and the
 * renderer's code is compiled, so that no visitor's first view pays for either.
 */
async function warmPages(server: Awaited<ReturnType<typeof buildServer>>): Promise<void> {
  const sitemap = await server.inject({ method: 'GET', url: '/sitemap.xml' });
  if (sitemap.statusCode !== 200) return;
  const addresses = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  for (const address of addresses.slice(0, WARM_PAGES)) await server.inject({ method: 'GET', url: address, headers: { accept: 'text/html' } });
}

async function main() {
  const config = loadConfig();
  const server = await buildServer(config, { log });
  const shutdown = async (signal: string) => {
    server.log.info({ signal }, 'shutting down');
    await closeWithin(server, config.shutdownGraceSeconds * 1000);
    log.flush();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // The worker threads load their modules and render once, papers' citations missing are formatted and
  // bodies an older renderer made are rendered again (once, after an upgrade) before the first visitor is
  // answered: nobody's first view of a page waits for them or shows what an older version made.
  await server.work.warmUp();
  await server.refreshDerivedContent();
  await warmPages(server);
  // A longer accept queue than Node's 511 (the kernel caps it at somaxconn): in a burst of connections
  // from one address a full queue drops other clients' SYNs, which their systems retry only after a second.
  await server.listen({ port: config.port, host: config.host, backlog: 4096 });
  const database = server.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : `PostgreSQL ${databaseName(config.databaseUrl)}`;
  server.log.info(`site ready at http://${config.host}:${config.port}/ (database: ${database}; media: ${server.storage.name ?? 'unnamed storage'})`);
}

main().catch((error: unknown) => {
  log.stream.write(eventLine('fatal', `the site could not start: ${error instanceof Error ? error.message : String(error)}`, error));
  log.flush();
  process.exit(1);
});
