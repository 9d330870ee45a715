import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { FastifyInstance } from 'fastify';

import type { QueryExtra } from '../../../src/lib/api/baseQuery';
import { inProcessHeaders } from '../lib/inProcess';

/** A host name for URLs that never leave the process. */
const ORIGIN = 'http://in-process';

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
 * data comes from the same cached public answers a browser gets, and never from the network. It gives
 * what RTK Query's `fetchBaseQuery` gives (the data, or `{status, data}` for an answer its `validateStatus`
 * refuses, and the answer's status in `meta`), without fetch's requests, responses and body streams, which
 * cost half a millisecond a call: a page asks several.
 */
export function inProcessQuery(app: FastifyInstance): NonNullable<QueryExtra['serverQuery']> {
  return async (args) => {
    const call = typeof args === 'string' ? { url: args } : args;
    const address = addressOf(call);
    const answer = await app.inject({
      method: (call.method ?? 'GET') as 'GET',
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
    const validateStatus = call.validateStatus ?? succeeded;
    return validateStatus(response, data) ? { data, meta } : { error: { status: answer.statusCode, data }, meta };
  };
}
