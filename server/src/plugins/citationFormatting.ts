import fp from 'fastify-plugin';

import { backgroundLoop } from '../lib/backgroundLoop';
import { formatMissingCitations } from '../services/citations';

/** A change made on another instance whose announcement was lost is formatted within this. */
const MAX_SLEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Formats the citations still missing now, and resolves when done (the site's start awaits it). */
    formatCitations: () => Promise<void>;
  }
}

/**
 * Formats papers' citations in the background after their entries change (and, at start, those an
 * older version or a restore left unformatted), so that visitors' views only read them.
 */
export default fp(
  async (app) => {
    const loop = backgroundLoop({
      pass: async () => {
        await formatMissingCitations(app);
      },
      maxSleepMs: MAX_SLEEP_MS,
      onError: (error) => app.log.error({ err: error }, 'formatting citations failed'),
    });
    app.changes.subscribe(['Publication'], () => loop.wake());
    app.decorate('formatCitations', () => loop.runNow());
    app.addHook('onClose', () => loop.stop());
  },
  { name: 'citation-formatting', dependencies: ['changes', 'workPool'] },
);
