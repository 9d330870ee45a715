import fp from 'fastify-plugin';

import { removeAbandonedUploads } from '../services/uploadedFiles';
import { SMALL_FILE_BYTES, type Storage } from '../storage/index';
import { LocalStorage } from '../storage/local';
import { MemoryCachedStorage } from '../storage/memoryCache';
import { openStorage } from '../storage/open';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (images and documents). */
    storage: Storage;
  }
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const START_CHECK_MS = 10_000;
const SMALL_FILES = { maxFileBytes: SMALL_FILE_BYTES, maxTotalBytes: 64 * 1024 * 1024, ttlMs: 60_000 };

/**
 * Media storage (a local folder under the data folder, or an S3 bucket), small files also kept in
 * memory. At start and every hour, the files of uploads a crash cut short are removed (`npm run media:check` looks
 * at the whole storage).
 */
export default fp(
  async (app) => {
    const storage = openStorage(app.config);
    if (storage instanceof LocalStorage) await storage.init();
    // A wrong bucket name or an unreachable endpoint stops the start with the reason, rather than
    // letting every picture and download fail later.
    await storage.check?.(START_CHECK_MS);
    app.addHook('onClose', async () => storage.close?.());
    app.decorate('storage', new MemoryCachedStorage(storage, SMALL_FILES));
    const sweep = async () => {
      try {
        const { removed, failed } = await removeAbandonedUploads(app);
        if (removed.length) app.log.info({ keys: removed }, 'removed the files of uploads a crash cut short');
        if (failed.length) app.log.warn({ keys: failed }, 'could not remove the files of uploads a crash cut short; tried again later');
      } catch (error) {
        // The site serves without this; the next sweep tries again.
        app.log.warn({ err: error }, 'could not look for uploads a crash cut short');
      }
    };
    // At start, then every hour: an upload is abandoned an hour after it started, so a crash followed by a
    // quick restart is cleaned up by a later sweep.
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'storage' },
);
