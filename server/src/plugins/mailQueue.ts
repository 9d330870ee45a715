import fp from 'fastify-plugin';

import type { BackgroundLoop } from '../lib/backgroundLoop';
import { removeUnconfirmed, runMailQueue } from '../services/mailQueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sender: `wake()` when something was queued, `idle()` to wait until no round is running or asked for. */
    mailQueue: BackgroundLoop;
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
 * Messages being sent finish before the mailer closes (the loop stops before the server closes).
 */
export default fp(
  async (app) => {
    let cleanedAt = 0;
    const sender = app.background.loop('sending queued mail', {
      maxSleepMs: MAX_SLEEP_MS,
      async pass() {
        if (Date.now() - cleanedAt >= CLEAN_UP_EVERY_MS) {
          await removeUnconfirmed(app);
          cleanedAt = Date.now();
        }
        return runMailQueue(app);
      },
    });
    app.decorate('mailQueue', sender);
    // A publication (here or on another instance) may have made an announcement due sooner than the timer wakes.
    app.changes.subscribe(['Note', 'Publication'], () => sender.wake());
    app.addHook('onReady', async () => {
      sender.wake();
    });
  },
  { name: 'mail-queue', dependencies: ['changes', 'mailer', 'background-work'] },
);
