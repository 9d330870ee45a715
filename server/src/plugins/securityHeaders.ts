import fp from 'fastify-plugin';

import { HSTS, RESOURCE_HEADERS } from '../lib/securityHeaders';

/**
 * Headers every answer carries. Kept synchronous and allocation-free on the hot path: public
 * reads are budgeted against a bare Fastify (bench/).
 */
export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      // A page brings its own (documentHeaders), built with it.
      if (!reply.hasHeader('content-security-policy')) reply.headers(RESOURCE_HEADERS);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
