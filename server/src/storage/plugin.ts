import path from 'node:path';
import fp from 'fastify-plugin';
import type { Storage } from './index';
import { LocalStorage } from './local';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (images and documents). */
    storage: Storage;
  }
}

/** Media storage: a local folder under the data folder. */
export default fp(
  async (app) => {
    const storage = new LocalStorage(path.join(app.config.dataDir, 'media'));
    await storage.init();
    app.decorate('storage', storage);
  },
  { name: 'storage' },
);
