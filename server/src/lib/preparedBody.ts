import crypto from 'node:crypto';
import zlib from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { etagListMatches } from './etag';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const GZIP = /(?:^|,)\s*(?:x-)?gzip\s*(?:;([^,]*))?(?:,|$)/i;
const REFUSED = /\bq\s*=\s*0(?:\.0*)?\s*$/;

/** Whether an Accept-Encoding header accepts gzip: names it (or x-gzip), without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const match = GZIP.exec(header);
  return match !== null && (match[1] === undefined || !REFUSED.test(match[1]));
}

/** Adds Accept-Encoding to the answer's Vary, keeping what is there (CORS's Origin). */
export function varyByEncoding(reply: FastifyReply): void {
  const varied = reply.getHeader('vary');
  if (varied === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(varied).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(varied)}, accept-encoding`);
}

/**
 * A body built once and answered many times (a cached API answer, a feed): compressed once, when a
 * client first accepts gzip, rather than on every request. Clients that accept only other encodings get
 * the plain bytes, which the API's streaming compressor (plugins/compression) may still compress.
 */
export class PreparedBody {
  readonly plain: Buffer;
  private gzipped: Buffer | undefined;
  private tag: string | undefined;

  constructor(text: string) {
    this.plain = Buffer.from(text);
  }

  private get gzip(): Buffer {
    this.gzipped ??= zlib.gzipSync(this.plain);
    return this.gzipped;
  }

  /** A strong validator per encoding: the compressed and the plain bytes never share one. */
  etag(gzip: boolean): string {
    this.tag ??= crypto.createHash('sha256').update(this.plain).digest('base64url').slice(0, 27);
    return gzip ? `"${this.tag}-gzip"` : `"${this.tag}"`;
  }

  /**
   * Sends the body with the reply's status, gzip-compressed when the client accepts it and the body is
   * big enough. With `revalidate`, the answer carries an ETag and a matching If-None-Match gets a 304.
   */
  send(request: FastifyRequest, reply: FastifyReply, { type, revalidate = false }: { type: string; revalidate?: boolean }): FastifyReply {
    let gzip = false;
    if (this.plain.length >= COMPRESS_THRESHOLD) {
      varyByEncoding(reply);
      gzip = acceptsGzip(request.headers['accept-encoding']);
    }
    if (revalidate) {
      const etag = this.etag(gzip);
      reply.header('etag', etag);
      if (etagListMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    }
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.type(type).send(gzip ? this.gzip : this.plain);
  }
}
