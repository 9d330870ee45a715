import crypto from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { etagListMatches } from '../lib/etag';
import { acceptsGzip } from '../lib/preparedBody';
import { documentHeaders, HSTS } from '../lib/securityHeaders';
import { pageGzip } from './pageGzip';

/** An inline `<style>` element's text: everything up to the first end tag, as the HTML parser reads it. */
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style[\s/>]/gi;

/** The texts of the page's inline styles, as the browser hashes them (the parser reads CR LF and CR as LF). */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map(([, text]) => text.replace(/\r\n?/g, '\n'));
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** A strong validator naming the exact bytes, so that the gzip and the plain answer never share one. */
const etagOf = (body: Buffer) => `"${crypto.createHash('sha256').update(body).digest('base64url')}"`;

/** One encoding of a page, with every header prepared. */
class Encoded {
  readonly etag: string;
  readonly headers: Record<string, string>;
  /** For a 304: what a cache refreshes its kept copy with, without the body's own fields. */
  readonly notModified: Record<string, string>;

  /** The same, written straight to Node's response (see PageAnswer.write): with the length, and with HSTS for HTTPS. */
  readonly raw: { http: OutgoingHttpHeaders; https: OutgoingHttpHeaders; notModifiedHttp: OutgoingHttpHeaders; notModifiedHttps: OutgoingHttpHeaders };

  constructor(
    readonly body: Buffer,
    shared: Record<string, string>,
    own: Record<string, string>,
  ) {
    this.etag = etagOf(body);
    this.headers = { ...shared, ...own, etag: this.etag };
    this.notModified = { ...shared, etag: this.etag };
    const full = { ...this.headers, 'content-length': String(body.length) };
    const hsts = { 'strict-transport-security': HSTS };
    this.raw = {
      http: full,
      https: { ...full, ...hsts },
      notModifiedHttp: this.notModified,
      notModifiedHttps: { ...this.notModified, ...hsts },
    };
  }
}

/**
 * A rendered page as every visitor gets it: the same bytes (its styles are allowed by their hashes, not
 * by a nonce per answer), compressed once, with all headers prepared and an ETag, so that an answer
 * only chooses. `no-cache` has caches ask each time: a write changes the page, and its ETag with it.
 */
export class PageAnswer {
  /** Made when first asked for: nearly every client accepts gzip, and a page the cache cannot keep is answered once. */
  private plainEncoded?: Encoded;
  private readonly gzip: Encoded;
  private readonly shared: Record<string, string>;
  /** Only a successful answer may become a 304 (RFC 9110, 13.2.1). */
  private readonly revalidates: boolean;
  /** About the memory the answer holds: both bodies, and their headers. */
  readonly bytes: number;

  constructor(
    private readonly html: string,
    readonly status: number,
    /** Further headers of this answer (a redirect's `location`). */
    extra: Record<string, string> = {},
    /** Long texts the page shows (a note's body), whose compression is reused (see pageGzip). */
    parts: readonly string[] = [],
  ) {
    this.shared = { 'cache-control': 'no-cache', vary: 'accept-encoding', ...documentHeaders(inlineStyles(html)), ...extra };
    this.gzip = new Encoded(pageGzip(html, parts), this.shared, { ...HTML, 'content-encoding': 'gzip' });
    this.revalidates = status >= 200 && status < 300;
    this.bytes = Buffer.byteLength(html) + this.gzip.body.length + 2 * JSON.stringify(this.gzip.raw).length;
  }

  private get plain(): Encoded {
    return (this.plainEncoded ??= new Encoded(Buffer.from(this.html), this.shared, HTML));
  }

  private encodingFor(headers: IncomingMessage['headers']): { encoded: Encoded; notModified: boolean } {
    const encoded = acceptsGzip(headers['accept-encoding']) ? this.gzip : this.plain;
    return { encoded, notModified: this.revalidates && etagListMatches(headers['if-none-match'], encoded.etag) };
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const { encoded, notModified } = this.encodingFor(request.headers);
    // With CORS on, plugins/cors has set `vary: Origin` already: the page's own vary adds to it.
    const varied = reply.getHeader('vary');
    reply.code(notModified ? 304 : this.status).headers(notModified ? encoded.notModified : encoded.headers);
    if (varied !== undefined) reply.header('vary', `${String(varied)}, ${String(reply.getHeader('vary'))}`);
    return notModified ? reply.send() : reply.send(encoded.body);
  }

  /**
   * The same answer written to Node's response directly, for a GET answered before Fastify's routing
   * and hooks (PageRenderer.answerBeforeRouting): it carries itself what the hooks would add, HSTS.
   */
  write(request: IncomingMessage, response: ServerResponse, https: boolean): void {
    const { encoded, notModified } = this.encodingFor(request.headers);
    if (notModified) response.writeHead(304, https ? encoded.raw.notModifiedHttps : encoded.raw.notModifiedHttp).end();
    else response.writeHead(this.status, https ? encoded.raw.https : encoded.raw.http).end(encoded.body);
  }
}
