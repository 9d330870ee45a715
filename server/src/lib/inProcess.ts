import crypto from 'node:crypto';

import type { FastifyRequest } from 'fastify';

/**
 * Requests the server makes to itself (a page's data, through `app.inject`) carry this header, with a
 * secret of the process, so that no client can pass for one.
 */
const HEADER = 'x-in-process';
const SECRET = crypto.randomBytes(18).toString('base64url');

export const inProcessHeaders: Readonly<Record<string, string>> = { [HEADER]: SECRET };

/** Whether the server made the request itself, as part of a request it already accepted. */
export function isInProcess(request: FastifyRequest): boolean {
  return request.headers[HEADER] === SECRET;
}
