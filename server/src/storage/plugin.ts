import fp from 'fastify-plugin';

import { SMALL_FILE_BYTES, type Storage } from './index';
import { LocalStorage } from './local';
import { MemoryCachedStorage } from './memoryCache';
import { openStorage } from './open';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (images and documents). */
    storage: Storage;
  }
}

const SMALL_FILES = { maxFileBytes: SMALL_FILE_BYTES, maxTotalBytes: 64 * 1024 * 1024, ttlMs: 60_000 };

/** Media storage (a local folder under the data folder, or an S3 bucket), small files also kept in memory. */
export default fp(
  async (app) => {
    const storage = openStorage(app.config);
    if (storage instanceof LocalStorage) await storage.init();
    app.addHook('onClose', async () => storage.close?.());
    app.decorate('storage', new MemoryCachedStorage(storage, SMALL_FILES));
  },
  { name: 'storage' },
);
