import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from './config';
import type { DbHandle } from './db';
import auth from './plugins/auth';
import backgroundWork from './plugins/backgroundWork';
import changes from './plugins/changes';
import compression from './plugins/compression';
import cors from './plugins/cors';
import csrf from './plugins/csrf';
import decimalIds from './plugins/decimalIds';
import derivedContent from './plugins/derivedContent';
import downloads from './plugins/downloadCounts';
import errorHandler from './plugins/errorHandler';
import imagePool from './plugins/imagePool';
import loadShedding from './plugins/loadShedding';
import mailer from './plugins/mailer';
import mailQueue from './plugins/mailQueue';
import noteSchedule from './plugins/noteSchedule';
import pages from './plugins/pages';
import rateLimit from './plugins/rateLimit';
import securityHeaders from './plugins/securityHeaders';
import storage from './plugins/storage';
import workPool from './plugins/workPool';
import accountRoutes from './routes/accounts';
import adminRoutes from './routes/admin';
import contentRoutes from './routes/content';
import followRoutes from './routes/follow';
import healthRoutes from './routes/health';
import mediaRoutes from './routes/media';
import newsRoutes from './routes/news';
import notesRoutes from './routes/notes';
import feedRoutes from './routes/notes/feeds';
import publicationRoutes from './routes/publications';
import setupRoutes from './routes/setup';
import talksRoutes from './routes/talks';
import teachingRoutes from './routes/teaching';
import type { WorkPool } from './workers/pool';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DbHandle['db'];
    dialect: DbHandle['dialect'];
  }
}

export interface AppOptions {
  config: Config;
  database: DbHandle;
  work?: WorkPool;
}

/** The whole site as one plugin: external plugins, then our plugins, then routes, then the SPA. */
const app: FastifyPluginAsync<AppOptions> = async (fastify: FastifyInstance, { config, database, work }) => {
  fastify.decorate('config', config);
  fastify.decorate('db', database.db);
  fastify.decorate('dialect', database.dialect);

  await fastify.register(errorHandler);
  await fastify.register(loadShedding);
  await fastify.register(cookie);
  await fastify.register(rateLimit);
  await fastify.register(securityHeaders);
  await fastify.register(compression);
  await fastify.register(cors);
  await fastify.register(csrf);
  await fastify.register(decimalIds);
  await fastify.register(auth);
  await fastify.register(mailer);
  await fastify.register(storage);
  await fastify.register(imagePool);
  await fastify.register(workPool, { work });
  await fastify.register(changes);
  await fastify.register(downloads);
  await fastify.register(backgroundWork);
  await fastify.register(noteSchedule);
  await fastify.register(derivedContent);
  await fastify.register(mailQueue);

  await fastify.register(healthRoutes);
  await fastify.register(accountRoutes);
  await fastify.register(adminRoutes);
  await fastify.register(mediaRoutes);
  await fastify.register(contentRoutes);
  await fastify.register(setupRoutes);
  await fastify.register(publicationRoutes);
  await fastify.register(newsRoutes);
  await fastify.register(notesRoutes);
  await fastify.register(feedRoutes);
  await fastify.register(talksRoutes);
  await fastify.register(teachingRoutes);
  await fastify.register(followRoutes);

  await fastify.register(pages);
};

export default fp(app, { name: 'site' });
