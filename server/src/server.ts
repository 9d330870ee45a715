import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import app from './app';
import type { Config } from './config';
import { migrateToLatest, openDatabase } from './db';

/** Builds a ready-to-listen instance: database opened and migrated, every route registered. */
export async function buildServer(config: Config, options: { logger?: boolean } = {}) {
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const fastify = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onClose', async () => {
    await database.db.destroy();
  });
  await fastify.register(app, { config, database });
  return fastify;
}
