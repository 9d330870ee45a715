import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

import type { Config } from '../config';

/**
 * Per-address limits, off by default and switched on per route with `config: authRateLimit(config)`:
 * sign-in, registration, password reset and app-token calls.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Request was throttled. Expected available in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`), {
          statusCode: context.statusCode,
        }),
    });
  },
  { name: 'rate-limit' },
);

/** Route config: at most AUTH_RATE_LIMIT requests a minute from one address, for this route alone. */
export function authRateLimit(config: Pick<Config, 'authRateLimitPerMinute'>) {
  return { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } };
}
