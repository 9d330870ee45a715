import compress from '@fastify/compress';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

import { COMPRESS_THRESHOLD } from '../lib/preparedBody';

/** Where the API answers: compressed on the fly. Pages and feeds are compressed once, ahead (PageAnswer, PreparedBody). */
const API_PREFIXES = ['/api/', '/backend/', '/login-with-token/', '/unsubscribe/'];

/** JSON of any kind (application/json, application/problem+json). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** A stored file (an image, a PDF, a download) goes out as it is: a route declares it by a binary answer. */
function answersFile(route: RouteOptions): boolean {
  const answers = route.schema?.response as Record<string, { format?: string } | undefined> | undefined;
  return answers?.[200]?.format === 'binary';
}

/**
 * Compression of the API's answers (brotli or gzip, as the client accepts, above 1 KB), as a stream per
 * answer. Answers already compressed (the cached reads, see PreparedBody) pass through as they are.
 * Request bodies are never decompressed: a small compressed body could expand past the body limit's intent.
 */
export default fp(
  async (app) => {
    // Runs before the compressor's own hook (registered below), which reads `compress` off each route.
    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      if (route.compress === undefined && (!API_PREFIXES.some((prefix) => url.startsWith(prefix)) || answersFile(route))) route.compress = false;
    });
    await app.register(compress, {
      globalCompression: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      customTypes: JSON_TYPE,
    });
  },
  { name: 'compression' },
);
