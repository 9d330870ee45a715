import fp from 'fastify-plugin';

import { ImagePool } from '../services/imagePool';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are decoded and encoded: a worker process of the site's own. */
    imagePool: ImagePool;
  }
}

/** The image worker pool, stopped with the server so that no worker outlives it. */
export default fp(
  async (app) => {
    const pool = new ImagePool();
    app.decorate('imagePool', pool);
    app.addHook('onClose', () => pool.close());
  },
  { name: 'imagePool' },
);
