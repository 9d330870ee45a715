import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import { detail, MESSAGES } from './errors';
import { RESOURCE_HEADERS } from './lib/securityHeaders';

/** The head of an answer written before (or without) Fastify: the site's error body, its security headers, and the connection closed. */
function errorAnswer(status: number, message: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(detail(message));
  return {
    headers: { ...RESOURCE_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' },
    body,
  };
}

/**
 * What Node itself answers to a request it cannot read (a timeout, oversized or malformed headers),
 * in the site's error format and with its security headers, which Node's and Fastify's own answers lack.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MESSAGES.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MESSAGES.headersTooLarge]
        : [400, MESSAGES.malformedRequest];
  const { headers, body } = errorAnswer(status, message);
  if (socket.writable) {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Refuses a request with more than one Host header (400), which Node would read as the first one:
 * the address a request is for must not be ambiguous. Says whether it refused.
 */
export function refuseAmbiguousHost(request: IncomingMessage, response: ServerResponse): boolean {
  const raw = request.rawHeaders;
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts += 1;
  if (hosts <= 1) return false;
  const { headers, body } = errorAnswer(400, MESSAGES.duplicateHost);
  response.writeHead(400, headers).end(body);
  request.socket.destroySoon();
  return true;
}
