import fp from 'fastify-plugin';

import { CSRF_HEADER } from './csrf';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = `Accept, Authorization, Content-Type, ${CSRF_HEADER}`;
// What a front end elsewhere needs to read: the CSRF token, download names, when to retry.
const EXPOSED_HEADERS = `${CSRF_HEADER}, Content-Disposition, Retry-After`;
const PREFLIGHT_CACHE_SECONDS = 600;

/**
 * CORS for the front ends named in CORS_ORIGINS, with credentials; none by default. Other origins get
 * no CORS headers at all, so browsers keep their answers from them.
 */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    if (allowed.size === 0) return;

    app.addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      reply.header('vary', 'Origin');
      if (origin === undefined || !allowed.has(origin)) return done();
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply
          .code(204)
          .header('access-control-allow-methods', ALLOWED_METHODS)
          .header('access-control-allow-headers', ALLOWED_HEADERS)
          .header('access-control-max-age', String(PREFLIGHT_CACHE_SECONDS))
          .send();
        return;
      }
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      done();
    });
  },
  { name: 'cors' },
);
