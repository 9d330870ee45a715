import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

import { randomText } from '../lib/randomText';

declare module 'fastify' {
  interface FastifyReply {
    /** Sets the page CSP with a fresh style nonce (for styled-components) and answers that nonce. */
    usePageCsp: () => string;
  }
}

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'nonce-NONCE'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
/** The policy around its nonce, joined once: every page answer fills in a fresh one. */
const [CSP_BEFORE_NONCE, CSP_AFTER_NONCE] = PAGE_CSP.split('NONCE');

const NONCE_BYTES = 16;

/**
 * Policies that govern documents: sent with the SPA page. No Cross-Origin-Opener-Policy: on phones
 * Chrome gives a page that sends one a fresh renderer process, and starting it cold cost the public
 * pages 100–300 ms of blocked main thread (Lighthouse, mobile) on every visit. What the header guards
 * against is small here: a cross-origin opener reaches only the window's location and postMessage,
 * and the site listens to no messages; framing is refused below.
 */
const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
/**
 * Everything else (JSON, media, downloads) must not be sniffed into something executable, and if
 * opened directly may run nothing and be framed by no one; document-only policies would be noise
 * on every image and API answer.
 */
const RESOURCE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries. Kept synchronous and allocation-free on the hot path: public
 * reads are budgeted against a bare Fastify (bench/).
 */
export default fp(
  async (app) => {
    app.decorateReply('usePageCsp', function usePageCsp(this: FastifyReply) {
      const nonce = randomText(NONCE_BYTES, 'base64');
      this.header('content-security-policy', CSP_BEFORE_NONCE + nonce + CSP_AFTER_NONCE);
      return nonce;
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // Only the SPA page sets its own CSP (usePageCsp); its nonce-bearing policy must stay.
      reply.headers(reply.hasHeader('content-security-policy') ? PAGE_HEADERS : RESOURCE_HEADERS);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
