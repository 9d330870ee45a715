import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import categoryRoutes from './categories';
import currentCvRoutes from './currentCv';
import documentRoutes from './documents';
import mediaFileRoutes from './files';
import galleryRoutes from './galleries';
import imageRoutes from './images';

/** Documents, photos and galleries and the files behind them. */
const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(galleryRoutes);
  await app.register(imageRoutes);
  await app.register(categoryRoutes);
  await app.register(documentRoutes);
  await app.register(currentCvRoutes);
  await app.register(mediaFileRoutes);
};

export default mediaRoutes;
