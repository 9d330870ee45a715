import crypto from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { randomText } from '../lib/randomText';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_PATH = '/api/csrf/';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route changes state for whoever holds the token in its address, and is meant to be called
     * from elsewhere: the one-click unsubscribe of RFC 8058, which mail providers send from their servers.
     */
    allowCrossSite?: boolean;
  }
  interface FastifyInstance {
    /** Sets the csrftoken cookie (and X-CSRFToken header) unless the browser holds one this server issued. */
    issueCsrfToken: (request: FastifyRequest, reply: FastifyReply) => void;
    /** Pre-handler: the csrftoken cookie must be one this server issued, and X-CSRFToken must equal it. */
    requireCsrfToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * A token is a random nonce and its HMAC under a key derived from the site's secret: only this
 * server (or another instance sharing the secret) can make one, so a cookie planted by a sibling
 * subdomain or a script (`csrftoken=x` with `X-CSRFToken: x`) is refused.
 */
function tokenSigner(secret: string) {
  const key = crypto.createHmac('sha256', secret).update('csrf-token').digest();
  const mac = (nonce: string) => crypto.createHmac('sha256', key).update(nonce).digest('base64url');
  return {
    issue: () => {
      const nonce = randomText(32, 'base64url');
      return `${nonce}.${mac(nonce)}`;
    },
    isIssued: (token: string | undefined) => {
      const [nonce, signature, ...rest] = (token ?? '').split('.');
      return rest.length === 0 && NONCE_PATTERN.test(nonce) && signature !== undefined && sameToken(signature, mac(nonce));
    },
  };
}

/**
 * CSRF defences. GET /api/csrf/ hands out the csrftoken cookie (readable by the SPA, which echoes it
 * in X-CSRFToken) to the one call that needs it; state-changing requests that a browser marks as
 * coming from another site are refused outright. Page answers set no cookie: reading the site
 * costs no token, and a shared cache may keep its pages.
 */
export default fp(
  async (app) => {
    const tokens = tokenSigner(app.config.secrets.jwt);
    // A front end allowed to call with credentials (CORS) may also change state.
    const trusted = new Set([new URL(app.config.publicUrl).origin, ...app.config.trustedOrigins, ...app.config.corsOrigins]);

    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.allowCrossSite) return done();
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (origin === `${request.protocol}://${request.host}` || trusted.has(origin)) return done();
        return reply.code(403).send({ detail: `CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.` });
      }
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return reply.code(403).send({ detail: 'CSRF Failed: Cross-site request refused.' });
      }
      done();
    });

    app.decorate('issueCsrfToken', (request: FastifyRequest, reply: FastifyReply) => {
      if (tokens.isIssued(request.cookies[CSRF_COOKIE])) return;
      const token = tokens.issue();
      // A front end at another address cannot read this site's cookies: it reads the header instead.
      reply.header(CSRF_HEADER, token);
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: 'auto', httpOnly: false, maxAge: ONE_YEAR_SECONDS });
    });

    app.decorate('requireCsrfToken', async (request: FastifyRequest, reply: FastifyReply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      if (!cookie) return reply.code(403).send({ detail: 'CSRF Failed: CSRF cookie not set.' });
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !header) return reply.code(403).send({ detail: 'CSRF Failed: CSRF token missing.' });
      if (!tokens.isIssued(cookie) || !sameToken(cookie, header)) return reply.code(403).send({ detail: 'CSRF Failed: CSRF token incorrect.' });
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
