import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { addDownloads, weekStart } from '../repositories/downloads';

/** Counts reach the database this often; a busy download keeps to one write per document and week. */
const FLUSH_MS = 10_000;

export interface DownloadCounter {
  /** One more download of the document, written with the next flush. */
  count(documentId: number): void;
  /** Writes the downloads counted so far. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    downloads: DownloadCounter;
  }
}

function downloadCounter(app: FastifyInstance): DownloadCounter {
  let pending = new Map<string, { documentId: number; week: string; count: number }>();
  return {
    count(documentId) {
      const week = weekStart(new Date());
      const key = `${documentId}/${week}`;
      const entry = pending.get(key);
      if (entry) entry.count += 1;
      else pending.set(key, { documentId, week, count: 1 });
    },
    async flush() {
      const batch = pending;
      pending = new Map();
      for (const { documentId, week, count } of batch.values()) {
        try {
          await addDownloads(app.db, documentId, week, count);
        } catch (error) {
          // A document deleted since its download has nothing left to count against.
          app.log.warn({ err: error, documentId }, 'could not record downloads');
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
