import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { PublicAnswers } from '../../lib/publicAnswers';
import categoryRoutes from './categories';
import currentCvRoutes from './currentCv';
import documentRoutes from './documents';
import mediaFileRoutes from './files';
import galleryRoutes from './galleries';
import imageRoutes from './images';

declare module 'fastify' {
  interface FastifyInstance {
    /** Kept answers of the public media reads; cleared by every announced media change. */
    publicAnswers: PublicAnswers;
  }
}

/** Documents, photos and galleries and the files behind them. */
const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicAnswers = new PublicAnswers();
  app.decorate('publicAnswers', publicAnswers);
  app.changes.subscribe('media', () => publicAnswers.clear());
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) app.changes.publish('media');
    done(null, payload);
  });

  await app.register(galleryRoutes);
  await app.register(imageRoutes);
  await app.register(categoryRoutes);
  await app.register(documentRoutes);
  await app.register(currentCvRoutes);
  await app.register(mediaFileRoutes);
};

export default mediaRoutes;
