import fp from 'fastify-plugin';

import { removeAbandonedUploads } from '../services/uploadedFiles';
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

/**
 * Media storage (a local folder under the data folder, or an S3 bucket), small files also kept in
 * memory. At start, the files of uploads a crash cut short are removed (`npm run media:check` looks
 * at the whole storage).
 */
export default fp(
  async (app) => {
    const storage = openStorage(app.config);
    if (storage instanceof LocalStorage) await storage.init();
    app.addHook('onClose', async () => storage.close?.());
    app.decorate('storage', new MemoryCachedStorage(storage, SMALL_FILES));
    app.addHook('onReady', async () => {
      try {
        const { removed, failed } = await removeAbandonedUploads(app);
        if (removed.length) app.log.info({ keys: removed }, 'removed the files of uploads a crash cut short');
        if (failed.length) app.log.warn({ keys: failed }, 'could not remove the files of uploads a crash cut short; tried again at the next start');
      } catch (error) {
        // The site serves without this; the next start tries again.
        app.log.warn({ err: error }, 'could not look for uploads a crash cut short');
      }
    });
  },
  { name: 'storage' },
);
