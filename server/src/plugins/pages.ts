import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { detail, MESSAGES } from '../errors';
import { readAssetManifest } from '../pages/assets';
import { robotsTxt } from '../pages/crawlers';
import { SHARE_IMAGE_PATH } from '../pages/head';
import { PageRenderer } from '../pages/renderer';
import { answerUnderPressure, answerUnderPressureWhen } from './loadShedding';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the page cache holds (no pages without a built SPA). */
    pageCacheUse: () => { pages: number; bytes: number };
  }
}

/** Paths of the API and of files: they never fall back to a page (a missing script is a 404, not HTML). */
const NOT_PAGES = ['/api/', '/backend/', '/login-with-token/', '/media/', '/assets/', '/katex/'];

/**
 * Serves the built SPA: hashed assets with long caching, the files crawlers ask for, and a page
 * for every other GET — finished HTML for the public screens, the app's empty shell for the rest,
 * and the not-found page with a 404 for addresses the app does not know.
 */
export default fp(
  async (app) => {
    const root = app.config.staticDir;
    const manifest = readAssetManifest(root);
    if (!manifest) {
      app.log.warn(`no built SPA in ${root}; run "npm run build" to serve the pages`);
    } else {
      // The files of the built SPA cost next to nothing, and a page that arrived needs them: they answer under load too.
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, ...answerUnderPressure };
        });
        await files.register(fastifyStatic, {
          root,
          index: false,
          wildcard: false,
          preCompressed: true,
          setHeaders(res, filePath) {
            // Hashed assets, and KaTeX's files under the package's version: a new build names them anew.
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes(`${path.sep}katex${path.sep}`);
            res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
          },
        });
      });
    }
    const pages = manifest && new PageRenderer(app, manifest, root);
    app.decorate('pageCacheUse', () => pages?.cacheUse() ?? { pages: 0, bytes: 0 });

    app.get('/robots.txt', { config: answerUnderPressure }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(app.config.publicUrl)),
    );
    if (pages) {
      app.get('/sitemap.xml', { config: answerUnderPressure }, async (_request, reply) =>
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(await pages.sitemap()),
      );
      app.get(SHARE_IMAGE_PATH, async (_request, reply) =>
        reply
          .type('image/png')
          .header('cache-control', 'public, max-age=3600')
          .send(await pages.shareImage()),
      );
      app.get<{ Params: { slug: string } }>('/notes/:slug/share-image.png', async (request, reply) => {
        const image = await pages.noteShareImage(request.params.slug);
        if (!image) return reply.code(404).send(detail(MESSAGES.notFound));
        return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(image);
      });
      app.get<{ Params: { key: string } }>('/research/:key/share-image.png', async (request, reply) => {
        const image = await pages.paperShareImage(request.params.key);
        if (!image) return reply.code(404).send(detail(MESSAGES.notFound));
        return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(image);
      });
    }

    const pageOrNotFound = (request: FastifyRequest, reply: FastifyReply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_PAGES.some((prefix) => request.url.startsWith(prefix));
      if (isPage && pages) return pages.send(request, reply);
      return reply.code(404).send(detail(MESSAGES.notFound));
    };
    // Pages are answered by a catch-all route, which every other route outranks: through the not-found
    // handler alone (a second routing, hooks called through bound copies) a cached page lost a tenth of its rate (bench/).
    // Under load, what the page cache answers without rendering is still answered.
    if (pages) app.get('/*', { config: answerUnderPressureWhen((request) => pages.answersWithoutRendering(request)) }, pageOrNotFound);
    app.setNotFoundHandler(pageOrNotFound);
    // With CORS on, every answer varies by Origin (plugins/cors): pages then go through the hooks.
    if (pages && app.config.corsOrigins.length === 0) {
      app.beforeRouting.answer = (request, response) => pages.answerBeforeRouting(request, response);
      // A closing server answers through Fastify, which tells clients to close their connections.
      app.addHook('preClose', async () => {
        app.beforeRouting.answer = undefined;
      });
    }
  },
  { name: 'pages', dependencies: ['security-headers', 'changes', '@fastify/cookie'] },
);
