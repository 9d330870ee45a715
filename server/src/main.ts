// Before anything else runs: see the module.
import './runtimeTuning';

import { loadConfig } from './config';
import { logOutput } from './logging';
import { buildServer, closeWithin } from './server';

async function main() {
  const config = loadConfig();
  const log = logOutput();
  const server = await buildServer(config, { log });
  const shutdown = async (signal: string) => {
    server.log.info({ signal }, 'shutting down');
    await closeWithin(server, config.shutdownGraceSeconds * 1000);
    log.flush();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await server.listen({ port: config.port, host: config.host });
  server.log.info(`site ready at http://${config.host}:${config.port}/ (data in ${config.dataDir}, database ${server.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
