import fp from 'fastify-plugin';

import { WorkPool } from '../workers/pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where heavy work runs: worker threads with a deadline (see workers/pool.ts). */
    work: WorkPool;
  }
}

/**
 * The heavy-work pool, stopped with the server so that no thread outlives it; or a pool the caller
 * hands in and closes itself (the test suites share one between the many servers a file builds, which
 * would otherwise each start threads and load the Markdown pipeline in them).
 */
export default fp<{ work?: WorkPool }>(
  async (app, { work }) => {
    if (work) {
      app.decorate('work', work);
      return;
    }
    const pool = new WorkPool({ threads: app.config.workerThreads, deadlineMs: app.config.workDeadlineMs, memoryMb: app.config.workerMemoryMb });
    app.decorate('work', pool);
    app.addHook('onClose', () => pool.close());
  },
  { name: 'workPool' },
);
