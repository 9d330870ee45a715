// Before anything else runs: see the module.
import './runtimeTuning';

import { loadConfig } from './config';
import { databaseName } from './db';
import { eventLine, logOutput } from './logging';
import { buildServer, closeWithin } from './server';

const log = logOutput();

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
