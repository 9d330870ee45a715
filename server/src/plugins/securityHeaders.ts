import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Sets the page CSP with a fresh style nonce (for styled-components) and answers that nonce. */
    usePageCsp: () => string;
  }
}

function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
/** Everything that is not the SPA page (JSON, media, downloads) may run nothing and be framed by no one. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries. Kept synchronous and allocation-free on the hot path: public
 * reads are budgeted against a bare Fastify (bench/).
 */
export default fp(
  async (app) => {
    app.decorateReply('usePageCsp', function usePageCsp(this: FastifyReply) {
      const nonce = crypto.randomBytes(16).toString('base64');
      this.header('content-security-policy', pageCsp(nonce));
      return nonce;
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.headers(COMMON_HEADERS);
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', RESOURCE_CSP);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
