import fp from 'fastify-plugin';

import { nextPublication } from '../repositories/notes';
import { publishDueNotes } from '../services/notes';

/**
 * How long the scheduler sleeps at most: a schedule saved on another instance is announced on
 * `app.changes`, but an announcement can be lost, and then this bounds the delay.
 */
const MAX_SLEEP_MS = 60_000;

/**
 * Publishes scheduled notes at their time. Every instance runs this; the database's one UPDATE
 * decides which instance publishes each note (see publishDue), and that one announces it.
 */
export default fp(
  async (app) => {
    const schedule = app.background.loop('publishing scheduled notes', {
      maxSleepMs: MAX_SLEEP_MS,
      async pass() {
        await publishDueNotes(app);
        const next = await nextPublication(app.db);
        return next === undefined ? undefined : Date.parse(next);
      },
    });
    // A save may have scheduled a note sooner than the timer wakes.
    app.changes.subscribe(['Note'], () => schedule.wake());
    app.addHook('onReady', async () => {
      await schedule.runNow();
    });
  },
  { name: 'note-schedule', dependencies: ['changes', 'background-work'] },
);
