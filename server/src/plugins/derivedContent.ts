import fp from 'fastify-plugin';

import { formatMissingCitations } from '../services/citations';
import { renderStaleBodies } from '../services/markdownBodies';
import { deriveMissingMediumRenditions } from '../services/mediumRenditions';

/** A change made on another instance whose announcement was lost is handled within this. */
const MAX_SLEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes now what is stored derived and still missing or outdated, and resolves when done (the site's start awaits it). */
    refreshDerivedContent: () => Promise<void>;
  }
}

/**
 * What the site stores derived from what staff wrote, made in the background in the worker pool
 * (pictures in the image worker): papers' citations after their entries change (and those an older
 * version or a restore left unformatted), bodies rendered by an older Markdown renderer, and the
 * medium rendition of images uploaded before it existed. Visitors' views only read them.
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
    // A paper's change leaves citations to format; a picture replaced, bodies marked to render again.
    app.changes.subscribe(['Publication', 'Image'], () => loop.wake());
    app.decorate('refreshDerivedContent', () => loop.runNow());

    // Images from before the medium rendition: made once the site listens rather than before, as each
    // takes the image worker a moment. The originals that failed are remembered for the process's life.
    const failed = new Set<string>();
    const renditions = app.background.loop('making medium image renditions', {
      pass: (stopping) => deriveMissingMediumRenditions(app, failed, stopping),
      maxSleepMs: MAX_SLEEP_MS,
    });
    app.addHook('onListen', async () => {
      renditions.wake();
    });
  },
  { name: 'derived-content', dependencies: ['changes', 'workPool', 'imagePool', 'storage', 'background-work'] },
);
