import type { FastifyReply } from 'fastify';

import { ChangeBoundCache } from './changeBoundCache';
import { PreparedBody } from './preparedBody';

interface Answer {
  status: number;
  body: PreparedBody;
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
  private readonly answers = new ChangeBoundCache<Answer>({ max: MAX_ENTRIES, maxSize: MAX_BYTES });

  /** Sends the cached answer for the key, or computes, caches and sends a fresh one. */
  async send(reply: FastifyReply, key: string, compute: () => Promise<{ status: number; body: unknown }>): Promise<FastifyReply> {
    let answer = this.answers.get(key);
    if (!answer) {
      const since = this.answers.since();
      const { status, body } = await compute();
      answer = { status, body: new PreparedBody(JSON.stringify(body)) };
      // A refusal (an unknown note or tag) is not kept: addresses naming nothing would push out the answers asked for.
      if (status < 300) this.answers.set(key, answer, answer.body.plain.length, since);
    }
    return answer.body.send(reply.request, reply.code(answer.status), { type: 'application/json; charset=utf-8' });
  }

  clear(): void {
    this.answers.clear();
  }
}
