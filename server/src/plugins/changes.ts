import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Client } from 'pg';

/**
 * A cache that keeps answers built from shared data for a short while only (the public answers)
 * drops them after this long, whatever it was told.
 */
export const OTHER_INSTANCES_DELAY_MS = 5_000;
/** The PostgreSQL channel every instance on one database listens to. */
export const CHANGES_CHANNEL = 'site_changes';
const RECONNECT_MS = 1_000;

/**
 * What a write may change: `media` covers galleries, images, document categories and documents;
 * `content` the site's words and publications.
 */
export type ChangeTopic = 'media' | 'content';
const TOPICS: ReadonlySet<string> = new Set<ChangeTopic>(['media', 'content']);

export interface Changes {
  /** Announces that data under the topic changed, so every cache built from it is dropped, on every instance. */
  publish(topic: ChangeTopic): void;
  /** Calls the listener after each change of the topic; answers the function that stops listening. */
  subscribe(topic: ChangeTopic, listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

/**
 * Listens on PostgreSQL for the other instances' announcements (LISTEN/NOTIFY), on a connection
 * of its own that is opened again when it drops; announcements missed meanwhile count as a change
 * of everything.
 */
function listenToOtherInstances(app: FastifyInstance, instance: string, deliver: (topic: string) => void): () => Promise<void> {
  let dropped = false;
  let client: Client | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const { Client: PgClient } = await import('pg');
    const next = new PgClient({ connectionString: app.config.databaseUrl });
    const reconnect = () => {
      if (closing || client !== next) return;
      client = undefined;
      dropped = true;
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    client = next;
    next.on('error', (error) => {
      app.log.warn({ err: error }, 'change notifications connection lost');
      reconnect();
    });
    next.on('end', reconnect);
    next.on('notification', ({ payload = '' }) => {
      const [from, topic] = payload.split(':');
      if (from !== instance) deliver(topic);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (dropped) for (const topic of TOPICS) deliver(topic);
      dropped = false;
    } catch (error) {
      app.log.warn({ err: error }, 'change notifications unavailable; retrying');
      reconnect();
    }
  };
  void connect();
  return async () => {
    closing = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Change announcements: delivered in this process at once, and to other instances through PostgreSQL. */
export default fp(
  async (app) => {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    const deliver = (topic: string) => {
      if (TOPICS.has(topic)) emitter.emit(topic);
    };
    const instance = crypto.randomBytes(8).toString('hex');
    const shared = app.dialect === 'postgres';
    if (shared) {
      const stop = listenToOtherInstances(app, instance, deliver);
      app.addHook('onClose', stop);
    }
    app.decorate('changes', {
      publish(topic) {
        deliver(topic);
        if (!shared) return;
        sql`select pg_notify(${CHANGES_CHANNEL}, ${`${instance}:${topic}`})`
          .execute(app.db)
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not announce a change'));
      },
      subscribe(topic, listener) {
        emitter.on(topic, listener);
        return () => void emitter.off(topic, listener);
      },
    } satisfies Changes);
  },
  { name: 'changes' },
);
