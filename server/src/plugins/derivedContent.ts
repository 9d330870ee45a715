import fp from 'fastify-plugin';

import { formatMissingCitations } from '../services/citations';
import { renderStaleBodies } from '../services/markdownBodies';

/** A change made on another instance whose announcement was lost is handled within this. */
const MAX_SLEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes now what is stored derived and still missing or outdated, and resolves when done (the site's start awaits it). */
    refreshDerivedContent: () => Promise<void>;
  }
}

/**
 * What the site stores derived from what staff wrote, made in the background in the worker pool:
 * papers' citations after their entries change (and those an older version or a restore left
 * unformatted), and bodies rendered by an older Markdown renderer. Visitors' views only read them.
 */
export default fp(
  async (app) => {
    const loop = app.background.loop('making derived content', {
      pass: async (stopping) => {
        await formatMissingCitations(app, stopping);
        await renderStaleBodies(app, stopping);
      },
      maxSleepMs: MAX_SLEEP_MS,
    });
    app.changes.subscribe(['Publication'], () => loop.wake());
    app.decorate('refreshDerivedContent', () => loop.runNow());
  },
  { name: 'derived-content', dependencies: ['changes', 'workPool', 'background-work'] },
);
