import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers under load too (health checks): `answerUnderPressure`. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Route config of the health checks: a load balancer must still hear from a busy server. */
export const answerUnderPressure = { pressureHandler: () => undefined };

/**
 * Early load shedding: while the event loop lags past the configured delay (requests queueing behind
 * CPU work), routed requests are answered 503 with Retry-After at once instead of waiting in the
 * queue, so that the work already accepted finishes. Pages answered from the page cache before
 * routing are not shed: they cost microseconds.
 */
export default fp(
  async (app) => {
    await app.register(underPressure, {
      maxEventLoopDelay: app.config.maxEventLoopDelayMs,
      sampleInterval: app.config.loadSampleMs,
      retryAfter: RETRY_AFTER_SECONDS,
    });
  },
  { name: 'load-shedding' },
);
