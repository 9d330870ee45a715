import fp from 'fastify-plugin';
import { SMALL_FILE_BYTES, type Storage } from './index';
import { localMediaStorage } from './local';
import { MemoryCachedStorage } from './memoryCache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (images and documents). */
    storage: Storage;
  }
}

const SMALL_FILES = { maxFileBytes: SMALL_FILE_BYTES, maxTotalBytes: 64 * 1024 * 1024, ttlMs: 60_000 };

/** Media storage: a local folder under the data folder, small files also kept in memory. */
export default fp(
  async (app) => {
    const local = localMediaStorage(app.config.dataDir);
    await local.init();
    app.decorate('storage', new MemoryCachedStorage(local, SMALL_FILES));
  },
  { name: 'storage' },
);
