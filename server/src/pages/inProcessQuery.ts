import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import type { FastifyInstance } from 'fastify';

import type { QueryExtra } from '../../../src/lib/api/baseQuery';

/** A host name for URLs that never leave the process. */
const ORIGIN = 'http://in-process';

/**
 * The base query of the store the server renders pages with: RTK Query's own `fetchBaseQuery`, with a
 * fetch that answers through `app.inject`, so a page's data comes from the same cached public answers a
 * browser gets, and never from the network.
 */
export function inProcessQuery(app: FastifyInstance): NonNullable<QueryExtra['serverQuery']> {
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = await app.inject({ method: request.method as 'GET', url: `${url.pathname}${url.search}`, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
  return fetchBaseQuery({ baseUrl: ORIGIN, fetchFn });
}
