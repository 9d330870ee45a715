import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { FastifyInstance } from 'fastify';

import type { QueryExtra } from '../../../src/lib/api/baseQuery';
import { ChangeBoundCache } from '../lib/changeBoundCache';
import { inProcessHeaders } from '../lib/inProcess';

type ServerQuery = NonNullable<QueryExtra['serverQuery']>;
/** A successful read as the base query gives it. */
interface Answer {
  data: unknown;
  meta: { request: Request; response: Response };
}

/** A host name for URLs that never leave the process. */
const ORIGIN = 'http://in-process';
/** Distinct reads cached at most, and the bytes of their answers in all; the least recently asked for go first. */
const MAX_ANSWERS = 500;
const MAX_BYTES = 8 * 1024 * 1024;

const succeeded = (response: Response) => response.ok;

/** An endpoint's address with its `params` as fetchBaseQuery writes them (undefined ones left out). */
function addressOf({ url, params }: FetchArgs): string {
  if (!params) return url;
  const defined = Object.entries(params as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const query = new URLSearchParams(defined.map(([name, value]) => [name, String(value)])).toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/**
 * The base query of the store the server renders pages with: it answers through `app.inject`, so a page's
 * data comes from the same public answers a browser gets, and never from the network. It gives what RTK
 * Query's `fetchBaseQuery` gives (the data, or `{status, data}` for an answer its `validateStatus` refuses,
 * and the answer's status in `meta`), without fetch's requests, responses and body streams, which cost half
 * a millisecond a call: a page asks several.
 *
 * Successful reads are cached parsed, until `clear()` (a change announced) or for OTHER_INSTANCES_DELAY_MS
 * at most: routing the call and parsing its answer were a fifth of an uncached page's rendering. The store
 * freezes what it holds, so the pages that share an answer cannot change it.
 */
export class InProcessQuery {
  private readonly answers = new ChangeBoundCache<Answer>({ max: MAX_ANSWERS, maxSize: MAX_BYTES });

  constructor(private readonly app: FastifyInstance) {}

  readonly query: ServerQuery = async (args) => {
    const call = typeof args === 'string' ? { url: args } : args;
    const address = addressOf(call);
    const method = call.method ?? 'GET';
    const validateStatus = call.validateStatus ?? succeeded;
    const cacheable = method === 'GET' && call.body === undefined;
    const cached = cacheable ? this.answers.get(address) : undefined;
    if (cached && validateStatus(cached.meta.response, cached.data)) return cached;
    const since = this.answers.since();
    const answer = await this.app.inject({
      method: method as 'GET',
      url: address,
      headers: { accept: 'application/json', ...inProcessHeaders },
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
    const request = new Request(`${ORIGIN}${address}`);
    const response = new Response(null, { status: answer.statusCode });
    const meta = { request, response };
    let data: unknown;
    try {
      data = answer.payload.length ? JSON.parse(answer.payload) : null;
    } catch (error) {
      return { error: { status: 'PARSING_ERROR', originalStatus: answer.statusCode, data: answer.payload, error: String(error) }, meta };
    }
    if (!validateStatus(response, data)) return { error: { status: answer.statusCode, data }, meta };
    const result = { data, meta };
    if (cacheable && answer.statusCode === 200) this.answers.set(address, result, answer.payload.length, since);
    return result;
  };

  clear(): void {
    this.answers.clear();
  }
}
