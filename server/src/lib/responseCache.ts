import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

import { PreparedBody } from './preparedBody';

/**
 * How long a cached answer built from shared data lives at most, whatever it was told: the bound on
 * how stale an answer can be when several instances share one PostgreSQL database and an announcement
 * is lost.
 */
export const OTHER_INSTANCES_DELAY_MS = 5_000;

interface Answer {
  status: number;
  body: PreparedBody;
  expires: number;
}

/** Distinct keys cached at most, and their bytes in all; gallery slugs in queries are visitor-chosen. The least recently asked for go first. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * A response cache for the public read calls (banner images, current CV, site content, publications, news):
 * serialised answers (gzip-compressed once, for the clients that accept it), cached until the next
 * announced change of what they are built from.
 */
export class ResponseCache {
  private readonly answers = new LRUCache<string, Answer>({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (answer) => answer.body.plain.length });
  /** Bumped by clear(): an answer computed across a write is sent but not cached. */
  private generation = 0;

  constructor(private readonly ttlMs = OTHER_INSTANCES_DELAY_MS) {}

  /** Sends the cached answer for the key, or computes, caches and sends a fresh one. */
  async send(reply: FastifyReply, key: string, compute: () => Promise<{ status: number; body: unknown }>): Promise<FastifyReply> {
    let answer = this.answers.get(key);
    if (!answer || answer.expires < Date.now()) {
      const startedAt = this.generation;
      const { status, body } = await compute();
      answer = { status, body: new PreparedBody(JSON.stringify(body)), expires: Date.now() + this.ttlMs };
      // A refusal (an unknown note or tag) is not kept: addresses naming nothing would push out the answers asked for.
      if (startedAt === this.generation && status < 300) this.answers.set(key, answer);
    }
    return answer.body.send(reply.request, reply.code(answer.status), { type: 'application/json; charset=utf-8' });
  }

  clear(): void {
    this.generation += 1;
    this.answers.clear();
  }
}
