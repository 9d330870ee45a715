import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { isInProcess } from '../lib/inProcess';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route does while the server sheds load: `answerUnderPressure`, or `answerUnderPressureWhen`. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;
  }
}

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** The refusal of a request while the server sheds load: the error handler answers it 503 (plugins/errorHandler). */
class ServerBusy extends Error {
  readonly code = 'FST_UNDER_PRESSURE';
  readonly statusCode = 503;
}

/**
 * Route config of what answers under load too: the health checks (a load balancer must still hear
 * from a busy server), and what costs next to nothing and lets a page that has arrived work (its
 * scripts, fonts and pictures), or that crawlers and feed readers ask for.
 */
export const answerUnderPressure = { pressureHandler: () => undefined };

/**
 * Route config of a route that answers under load what costs it next to nothing (`cheap`), and sheds
 * the rest. What the server asks itself, for a request it accepted, is answered too.
 */
export function answerUnderPressureWhen(cheap: (request: FastifyRequest) => boolean) {
  return {
    pressureHandler: (request: FastifyRequest, reply: FastifyReply) => {
      if (cheap(request) || isInProcess(request)) return undefined;
      reply.header('Retry-After', RETRY_AFTER_SECONDS);
      return Promise.reject(new ServerBusy('The server is busy.'));
    },
  };
}

/** What every other route does under load. */
const shedding = answerUnderPressureWhen(() => false);

/**
 * Load shedding: while the event loop lags past the configured delay (requests queueing behind CPU
 * work) for several samples in a row, routed requests are answered 503 with Retry-After at once instead
 * of waiting in the queue, so that the work already accepted finishes (its requests to the server
 * itself included). One long piece of work (a lag in one sample) sheds nothing. What costs next to
 * nothing is never shed (answerUnderPressure), nor are pages answered from the page cache before routing.
 */
export default fp(
  async (app) => {
    const { maxEventLoopDelayMs, loadSampleMs, lagSamples } = app.config;
    /** Samples in a row whose mean event-loop delay was past the limit. */
    let lagging = 0;
    await app.register(underPressure, {
      sampleInterval: loadSampleMs,
      pressureHandler: shedding.pressureHandler,
      // The plugin measures the delay each sample; this check, run as often, reads each measure and
      // reports the server unhealthy (shedding, and busy to /api/health/ready) once the lag lasts.
      ...(maxEventLoopDelayMs > 0 && {
        healthCheck: async (server) => {
          lagging = server.memoryUsage().eventLoopDelay > maxEventLoopDelayMs ? lagging + 1 : 0;
          return lagging < lagSamples;
        },
        healthCheckInterval: loadSampleMs,
      }),
    });
  },
  { name: 'load-shedding' },
);
