import http, { type IncomingMessage, type ServerResponse } from 'node:http';

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { levels } from 'pino';

import app from './app';
import { holdSiteLock } from './backup/siteLock';
import { answerClientError, refuseAmbiguousHost } from './clientErrors';
import type { Config } from './config';
import { limitConnectionsPerAddress } from './connectionLimits';
import { migrateToLatest, openDatabase } from './db';
import { holdInstanceLock } from './db/instanceLock';
import { schemaCompilers } from './lib/schemaCompilers';
import { eventLine, type LogOutput, requestLine } from './logging';
import type { WorkPool } from './workers/pool';

declare module 'fastify' {
  interface FastifyReply {
    /** False for an answer that is counted rather than logged on its own line (see PageRenderer). */
    logged: boolean;
  }
  interface FastifyInstance {
    /** What answers a request before Fastify routes it, when it can (the pages plugin sets it; see PageRenderer). */
    beforeRouting: { answer?: (request: IncomingMessage, response: ServerResponse) => boolean };
  }
}

/**
 * Fastify refuses a bare hop count (it cannot tell the proxy from a direct client); a count is
 * meant for a site reachable only through its proxies, so it trusts exactly that many hops.
 */
function trustedProxies(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds a ready-to-listen instance: database opened and migrated, every route registered. */
export interface ServerOptions {
  log?: LogOutput;
  /** Worker threads the caller owns and closes (see plugins/workPool.ts); by default the server starts its own. */
  work?: WorkPool;
}

export async function buildServer(config: Config, options: ServerOptions = {}) {
  // Before the database is opened: the refusal must not touch it.
  const releaseInstance = config.databaseUrl ? undefined : holdInstanceLock(config.dataDir);
  try {
    return await buildServerHolding(config, options, releaseInstance);
  } catch (error) {
    releaseInstance?.();
    throw error;
  }
}

async function buildServerHolding(config: Config, options: ServerOptions, releaseInstance: (() => void) | undefined) {
  const database = await openDatabase(config, (error) => {
    if (options.log) options.log.stream.write(eventLine('error', 'PostgreSQL idle connection lost', error));
    else console.error('PostgreSQL idle connection lost:', error.message);
  });
  // A replacing restore refuses a database a running site holds (SQLite: the open file itself).
  let releaseSiteLock: (() => Promise<void>) | undefined;
  try {
    if (config.databaseUrl) releaseSiteLock = await holdSiteLock(config.databaseUrl);
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
  await migrateToLatest(database.db);
  const beforeRouting: FastifyInstance['beforeRouting'] = {};
  // Node enforces the request timeout only when the headers timeout is not longer, and checks both
  // every 30 s by default: too coarse for short limits.
  const httpOptions: http.ServerOptions = {
    headersTimeout: Math.min(60_000, config.requestTimeoutSeconds * 1000),
    connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutSeconds * 250),
  };
  const fastify = Fastify({
    // Starting checks the storage and may apply migrations: on a loaded machine or a distant database
    // that takes longer than Fastify's 10 s default for a plugin.
    pluginTimeout: 60_000,
    // Fastify sets the timeouts only on servers it makes itself. Idle keep-alive connections close
    // after the idle timeout too (Node's default keeps them 72 s).
    serverFactory: (handler) => {
      const server = http.createServer(httpOptions, (request, response) => {
        if (!refuseAmbiguousHost(request, response) && !beforeRouting.answer?.(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = config.idleTimeoutSeconds * 1000;
      server.requestTimeout = config.requestTimeoutSeconds * 1000;
      server.setTimeout(config.idleTimeoutSeconds * 1000);
      server.maxConnections = config.maxConnections;
      if (config.maxConnectionsPerAddress > 0) limitConnectionsPerAddress(server, config.maxConnectionsPerAddress);
      return server;
    },
    clientErrorHandler: answerClientError,
    logger: options.log ? { level: config.logLevel, stream: options.log.stream } : false,
    // One line per request, when it is answered (requestLine, in the onResponse hook below), not two.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests share the server's logger: a child logger per request costs more than its binding is
    // worth, and the lines about a request name its id themselves.
    childLoggerFactory: (logger) => logger,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    schemaController: { compilersFactory: schemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onClose', async () => {
    await database.db.destroy();
    await releaseSiteLock?.();
    releaseInstance?.();
  });
  fastify.decorateReply('logged', true);
  fastify.decorate('beforeRouting', beforeRouting);
  const log = options.log;
  if (log && levels.values[config.logLevel] <= levels.values.info) {
    fastify.addHook('onResponse', (request, reply, done) => {
      if (!reply.logged) return done();
      log.stream.write(
        requestLine({
          id: request.id,
          method: request.method,
          url: request.url,
          ip: request.ip,
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
        }),
      );
      done();
    });
  }
  try {
    await fastify.register(app, { config, database, work: options.work });
  } catch (error) {
    // What started before the failure (the database, worker threads, the mailer) closes with the instance.
    await fastify.close().catch(() => undefined);
    throw error;
  }
  return fastify;
}

/**
 * Closes the server: no new connections, the requests still running finish, then the database closes.
 * Requests still running after `graceMs` (a slow download) are cut, so that the process ends before a
 * container runtime kills it (Docker waits 10 s by default).
 */
export async function closeWithin(server: FastifyInstance, graceMs: number): Promise<void> {
  const deadline = setTimeout(() => server.server.closeAllConnections(), graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(deadline);
  }
}
