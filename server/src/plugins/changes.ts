import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';

/**
 * Announcements reach only this process: a write made by another instance on the same database
 * shows here when a cache's entry expires, so caches built from shared data keep entries at
 * most this long.
 */
export const OTHER_INSTANCES_DELAY_MS = 5_000;

/** What a write may change: `media` covers galleries, images, document categories and documents. */
export type ChangeTopic = 'media';

export interface Changes {
  /** Announces that data under the topic changed, so every cache built from it is dropped. */
  publish(topic: ChangeTopic): void;
  /** Calls the listener after each change of the topic; answers the function that stops listening. */
  subscribe(topic: ChangeTopic, listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

/** Change announcements within this process; caches of public answers and pages listen to them. */
export default fp(
  async (app) => {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    app.decorate('changes', {
      publish: (topic) => void emitter.emit(topic),
      subscribe(topic, listener) {
        emitter.on(topic, listener);
        return () => void emitter.off(topic, listener);
      },
    } satisfies Changes);
  },
  { name: 'changes' },
);
