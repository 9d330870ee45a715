import fp from 'fastify-plugin';

import { WorkPool } from '../workers/pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where heavy work runs: worker threads with a deadline (see workers/pool.ts). */
    work: WorkPool;
  }
}

/** The heavy-work pool, stopped with the server so that no thread outlives it. */
export default fp(
  async (app) => {
    const pool = new WorkPool({ threads: app.config.workerThreads, deadlineMs: app.config.workDeadlineMs, memoryMb: app.config.workerMemoryMb });
    app.decorate('work', pool);
    app.addHook('onClose', () => pool.close());
  },
  { name: 'workPool' },
);
