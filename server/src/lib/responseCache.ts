import type { FastifyReply } from 'fastify';

/**
 * How long a cached answer built from shared data lives at most, whatever it was told: the bound on
 * how stale an answer can be when several instances share one PostgreSQL database and an announcement
 * is lost.
 */
export const OTHER_INSTANCES_DELAY_MS = 5_000;

interface Answer {
  status: number;
  body: string;
  expires: number;
}

/** Distinct keys cached at most; gallery slugs in queries are visitor-chosen. */
const MAX_ENTRIES = 500;

/**
 * A response cache for the public read calls (banner images, current CV, site content, publications, news):
 * serialised answers, cached until the next announced change of what they are built from.
 */
export class ResponseCache {
  private readonly answers = new Map<string, Answer>();
  /** Bumped by clear(): an answer computed across a write is sent but not cached. */
  private generation = 0;

  constructor(private readonly ttlMs = OTHER_INSTANCES_DELAY_MS) {}

  /** Sends the cached answer for the key, or computes, caches and sends a fresh one. */
  async send(reply: FastifyReply, key: string, compute: () => Promise<{ status: number; body: unknown }>): Promise<FastifyReply> {
    let answer = this.answers.get(key);
    if (!answer || answer.expires < Date.now()) {
      const startedAt = this.generation;
      const { status, body } = await compute();
      answer = { status, body: JSON.stringify(body), expires: Date.now() + this.ttlMs };
      if (startedAt === this.generation) {
        if (this.answers.size >= MAX_ENTRIES) this.answers.clear();
        this.answers.set(key, answer);
      }
    }
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  }

  clear(): void {
    this.generation += 1;
    this.answers.clear();
  }
}
