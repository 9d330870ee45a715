import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/** Paths owned by the API: they never fall back to the SPA page. */
const API_PREFIXES = ['/api/', '/backend/', '/login-with-token/', '/media/'];

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with this response's
 * CSP nonce) for every other GET so that client-side routes survive a reload.
 */
export default fp(
  async (app) => {
    const root = app.config.staticDir;
    const indexFile = path.join(root, 'index.html');
    const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

    if (indexHtml) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
    } else {
      app.log.warn(`no built SPA in ${root}; run "npm run build" to serve the pages`);
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
      if (isPage && indexHtml) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, reply.usePageCsp()));
      }
      return reply.code(404).send({ detail: 'Not found.' });
    });
  },
  { name: 'spa', dependencies: ['security-headers'] },
);
