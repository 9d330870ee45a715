import crypto from 'node:crypto';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce that the SPA page hands to styled-components for its style tags. */
    cspNonce: string;
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

/** Headers every answer carries; HTML pages get a CSP with a fresh style nonce. */
export default fp(
  async (app) => {
    app.decorateReply('cspNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      reply.cspNonce = crypto.randomBytes(16).toString('base64');
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') ? pageCsp(reply.cspNonce) : "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
