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
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let running: Promise<void> | undefined;
    let again = false;

    const plan = async (): Promise<void> => {
      // One pass at a time; a change during a pass asks for one more.
      if (running) {
        again = true;
        return running;
      }
      running = pass().finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void plan();
        }
      });
      return running;
    };

    const pass = async () => {
      if (closed) return;
      clearTimeout(timer);
      try {
        await publishDueNotes(app);
        const next = await nextPublication(app.db);
        const wait = next === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, Date.parse(next) - Date.now()) + 50);
        if (!closed) timer = setTimeout(() => void plan(), wait);
      } catch (error) {
        app.log.error({ err: error }, 'publishing scheduled notes failed');
        if (!closed) timer = setTimeout(() => void plan(), MAX_SLEEP_MS);
      }
      timer?.unref();
    };

    // A save may have scheduled a note sooner than the timer wakes.
    app.changes.subscribe(['Note'], () => void plan());
    app.addHook('onReady', async () => {
      await plan();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  },
  { name: 'note-schedule', dependencies: ['changes'] },
);
