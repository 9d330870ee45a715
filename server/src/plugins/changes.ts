import crypto from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Client } from 'pg';

import { DATA_TAGS, type DataTag } from '../../contract/changes';

/** The PostgreSQL channel every instance on one database listens to. */
export const CHANGES_CHANNEL = 'site_changes';
const RECONNECT_MS = 1_000;

/** What a write changed, named by the data's tag (`Image`, `Document`, `CurrentCv`, ...). */
export type ChangeTopic = DataTag;
const TOPICS: ReadonlySet<string> = new Set<string>(DATA_TAGS);

export interface Changes {
  /**
   * Announces, once a write has succeeded, the kinds of data it changed, so that every cache built from
   * them is dropped, on every instance. The writer announces: nothing guesses from a request.
   */
  publish(...topics: ChangeTopic[]): void;
  /** Calls the listener with the changed topics after each change of any of them; answers the function that stops listening. */
  subscribe(topics: readonly ChangeTopic[], listener: (changed: ReadonlySet<ChangeTopic>) => void): () => void;
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
function listenToOtherInstances(app: FastifyInstance, instance: string, deliver: (topics: readonly string[]) => void): () => Promise<void> {
  let dropped = false;
  let client: Client | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const { Client: PgClient } = await import('pg');
    // Closed while the driver loaded: no connection to open.
    if (closing) return;
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
      const [from, topics = ''] = payload.split(':');
      if (from !== instance) deliver(topics.split(','));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (dropped) deliver(DATA_TAGS);
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
    const listeners = new Set<{ topics: readonly ChangeTopic[]; listener: (changed: ReadonlySet<ChangeTopic>) => void }>();
    const deliver = (topics: readonly string[]) => {
      // A name this version does not know (an instance of another version, during a rolling update) counts as a change of everything.
      const changed = new Set<ChangeTopic>(topics.every((topic) => TOPICS.has(topic)) ? (topics as ChangeTopic[]) : DATA_TAGS);
      if (changed.size === 0) return;
      for (const entry of [...listeners]) {
        if (!entry.topics.some((topic) => changed.has(topic))) continue;
        // The write has succeeded: a failing cache must not turn it into an error, nor keep the others from hearing.
        try {
          entry.listener(changed);
        } catch (error) {
          app.log.error({ err: error }, 'a change listener failed');
        }
      }
    };
    const instance = crypto.randomBytes(8).toString('hex');
    const shared = app.dialect === 'postgres';
    if (shared) {
      const stop = listenToOtherInstances(app, instance, deliver);
      app.addHook('onClose', stop);
    }
    app.decorate('changes', {
      publish(...topics) {
        if (topics.length === 0) return;
        deliver(topics);
        if (!shared) return;
        sql`select pg_notify(${CHANGES_CHANNEL}, ${`${instance}:${[...new Set(topics)].join(',')}`})`
          .execute(app.db)
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not announce a change'));
      },
      subscribe(topics, listener) {
        const entry = { topics, listener };
        listeners.add(entry);
        return () => void listeners.delete(entry);
      },
    } satisfies Changes);
  },
  { name: 'changes' },
);
