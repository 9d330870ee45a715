import fp from 'fastify-plugin';

import { type BackgroundLoop, backgroundLoop, type BackgroundLoopOptions } from '../lib/backgroundLoop';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's work in the background: the note schedule, the mail queue, derived content, talks moving to the past. */
    background: {
      /** A loop of scheduled work (`name` says what failed in the log), stopped when the server closes. */
      loop(name: string, options: Omit<BackgroundLoopOptions, 'onError'>): BackgroundLoop;
      /** A pass of every loop, one after the other in the order they were made, awaited: what tests run instead of waiting for the clock. */
      runAll(): Promise<void>;
    };
  }
}

/**
 * The loops of scheduled work, stopped before the server closes (a message being sent finishes
 * first). With TEST_HOOKS=1, `POST /api/test/background/` runs them all now and answers once they
 * are done, so that browser journeys need not wait for a timer; without it the route does not exist.
 */
export default fp(
  async (app) => {
    const loops: BackgroundLoop[] = [];
    app.decorate('background', {
      loop(name, options) {
        const loop = backgroundLoop({ ...options, onError: (error) => app.log.error({ err: error }, `${name} failed`) });
        loops.push(loop);
        return loop;
      },
      async runAll() {
        for (const loop of loops) await loop.runNow();
      },
    });
    app.addHook('preClose', async () => {
      await Promise.all(loops.map((loop) => loop.stop()));
    });
    if (app.config.testHooks) {
      app.post('/api/test/background/', async (_request, reply) => {
        await app.background.runAll();
        return reply.code(204).send();
      });
    }
  },
  { name: 'background-work' },
);
