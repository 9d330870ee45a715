import fp from 'fastify-plugin';

import { removeUnconfirmed, runMailQueue } from '../services/mailQueue';

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: {
      /** Asks for a round of sending now (something was queued). */
      wake(): void;
      /** Resolves once no round is running or asked for. */
      idle(): Promise<void>;
    };
  }
}

/**
 * How long the sender sleeps at most: mail queued by another instance wakes this one only by this
 * timer (the instance that queued it sends it itself unless it stopped).
 */
const MAX_SLEEP_MS = 60_000;
/** Unconfirmed accounts and addresses are looked for this often. */
const CLEAN_UP_EVERY_MS = 3600_000;

/**
 * Sends the queued mail in the background, at the bounded rate, and removes what was never confirmed.
 * Every instance runs this; the database decides which instance sends each message (see claimDueMail).
 */
export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let running: Promise<void> | undefined;
    let again = false;
    let cleanedAt = 0;

    const plan = (): Promise<void> => {
      // One round at a time; a wake during a round asks for one more.
      if (running) {
        again = true;
        return running;
      }
      running = round().finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void plan();
        }
      });
      return running;
    };

    const round = async () => {
      if (closed) return;
      clearTimeout(timer);
      let wait = MAX_SLEEP_MS;
      try {
        if (Date.now() - cleanedAt >= CLEAN_UP_EVERY_MS) {
          await removeUnconfirmed(app);
          cleanedAt = Date.now();
        }
        const next = await runMailQueue(app);
        if (next !== undefined) wait = Math.min(MAX_SLEEP_MS, Math.max(0, next - Date.now()) + 50);
      } catch (error) {
        app.log.error({ err: error }, 'sending queued mail failed');
      }
      if (!closed) timer = setTimeout(() => void plan(), wait);
      timer?.unref();
    };

    app.decorate('mailQueue', {
      wake: () => void plan(),
      async idle() {
        while (running) await running;
      },
    });
    // A publication (here or on another instance) may have made an announcement due sooner than the timer wakes.
    app.changes.subscribe(['Note', 'Publication'], () => void plan());
    app.addHook('onReady', async () => {
      void plan();
    });
    // Messages being sent finish before the mailer closes.
    app.addHook('preClose', async () => {
      closed = true;
      clearTimeout(timer);
      await app.mailQueue.idle();
    });
  },
  { name: 'mail-queue', dependencies: ['changes', 'mailer'] },
);
