import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { addDownloads, type Downloaded, weekStart } from '../repositories/downloads';

/** Counts reach the database this often; a busy download keeps to one write per document (or notebook) and week. */
const FLUSH_MS = 10_000;

export interface DownloadCounter {
  /** One more download, written with the next flush. */
  count(downloaded: Downloaded): void;
  /** Writes the downloads counted so far. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    downloads: DownloadCounter;
  }
}

function downloadCounter(app: FastifyInstance): DownloadCounter {
  let pending = new Map<string, { downloaded: Downloaded; week: string; count: number }>();
  return {
    count(downloaded) {
      const week = weekStart(new Date());
      const key = `${'document' in downloaded ? `document ${downloaded.document}` : `notebook ${downloaded.notebook}`}/${week}`;
      const entry = pending.get(key);
      if (entry) entry.count += 1;
      else pending.set(key, { downloaded, week, count: 1 });
    },
    async flush() {
      const batch = pending;
      pending = new Map();
      for (const { downloaded, week, count } of batch.values()) {
        try {
          await addDownloads(app.db, downloaded, week, count);
        } catch (error) {
          // A document or note deleted since its download has nothing left to count against.
          app.log.warn({ err: error, ...downloaded }, 'could not record downloads');
        }
      }
    },
  };
}

/** Download counts kept in memory for a moment and written in batches, so that counting costs a download nothing. */
export default fp(
  async (app) => {
    const counter = downloadCounter(app);
    const timer = setInterval(() => void counter.flush(), FLUSH_MS);
    timer.unref();
    // Written as soon as the server starts closing, before it waits for the requests still running,
    // then once more for the downloads those requests counted.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await counter.flush();
    });
    app.addHook('onClose', async () => {
      await counter.flush();
    });
    app.decorate('downloads', counter);
  },
  { name: 'downloads' },
);
