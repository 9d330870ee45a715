import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { DetailSchema } from '../../../contract';
import type { DocumentRow } from '../../db/schema';
import { MESSAGES } from '../../errors';
import { etagListMatches } from '../../lib/etag';
import { answerUnderPressure } from '../../plugins/loadShedding';
import { IMAGE_FORMATS } from '../../services/images';
import { type ByteRange, SMALL_FILE_BYTES, type Storage, type StoredFileInfo } from '../../storage';

/** A stored file as an answer body (a stream, never serialised). */
export const FileBody = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

/** Answers of a route that serves a stored file. */
export const fileResponses = {
  200: FileBody,
  206: FileBody,
  304: Type.Null({ description: 'Not modified' }),
  404: DetailSchema,
  416: DetailSchema,
} as const;

/** Stored files never change under their random key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ServedFile {
  key: string;
  contentType: string;
  cacheControl: string;
  /** Offered as the saved file's name; the answer becomes an attachment, or is shown in the browser when `inline`. */
  downloadName?: string;
  inline?: boolean;
  /**
   * Told when the whole file goes out to a GET (not a HEAD, a range or a revalidation), so that a
   * download counts once however the browser fetches it.
   */
  onWholeFile?: () => void;
  /** The database row the file belongs to: its file gone is a fault to log, not a visitor's guess. */
  row?: { table: string; id: number };
}

/**
 * RFC 6266 attachment header (or inline, shown in the browser): an ASCII fallback name for old clients
 * and the exact name in RFC 5987 encoding for everyone else.
 */
export function attachmentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

interface Validators {
  etag: string;
  lastModified: string;
}
const validators = new Map<string, Validators>();
/** Derived from the key, whose content never changes; remembered because banner files are hot. */
function validatorsOf(key: string, info: StoredFileInfo): Validators {
  let known = validators.get(key);
  if (!known) {
    known = {
      etag: `"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}-${info.size.toString(36)}"`,
      lastModified: info.modified.toUTCString(),
    };
    if (validators.size >= 10_000) validators.clear();
    validators.set(key, known);
  }
  return known;
}

/**
 * One byte range (RFC 9110 §14): undefined to answer the whole file (no header, an If-Range
 * that no longer matches, several ranges or a malformed header), 'unsatisfiable' for 416.
 */
function requestedRange(request: FastifyRequest, size: number, etag: string): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers['if-range'];
  if (typeof ifRange === 'string' && ifRange.trim() !== etag) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Sends a stored file with validators, conditional answers and single-range support. */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, storage: Storage, file: ServedFile) {
  const held = storage.held?.(file.key);
  const info = held?.info ?? (await storage.stat(file.key));
  if (!info) {
    if (file.row)
      request.log.error({ reqId: request.id, key: file.key, ...file.row }, 'stored file missing: the database names a file the storage does not have');
    return reply.code(404).send({ detail: MESSAGES.notFound });
  }
  const { etag, lastModified } = validatorsOf(file.key, info);
  reply.header('etag', etag).header('last-modified', lastModified).header('cache-control', file.cacheControl);
  reply.header('accept-ranges', 'bytes');
  if (etagListMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const range = requestedRange(request, info.size, etag);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send({ detail: 'Requested range not satisfiable.' });
  }
  reply.type(file.contentType);
  if (file.downloadName) reply.header('content-disposition', attachmentDisposition(file.downloadName, file.inline ? 'inline' : 'attachment'));
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(await storage.openReadStream(file.key, range));
  }
  if (request.method === 'GET') file.onWholeFile?.();
  // A buffer gets its length from Fastify; a stream needs it said.
  if (info.size <= SMALL_FILE_BYTES) return reply.send(held?.data ?? (await storage.read(file.key)));
  reply.header('content-length', info.size);
  return reply.send(await storage.openReadStream(file.key));
}

/**
 * A stored document as a download under the name it was uploaded with (`inline`: shown in the browser
 * under that name); `counted` downloads go into its weekly count.
 */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  app: FastifyInstance,
  row: DocumentRow,
  { cacheControl, counted, inline = false }: { cacheControl: string; counted: boolean; inline?: boolean },
) {
  return sendStoredFile(request, reply, app.storage, {
    key: row.file_key,
    contentType: row.content_type,
    cacheControl,
    downloadName: row.original_filename,
    inline,
    onWholeFile: counted ? () => app.downloads.count({ document: row.id }) : undefined,
    row: { table: 'documents', id: row.id },
  });
}

const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.values(IMAGE_FORMATS).map(({ extension, contentType }) => [extension, contentType]));
const IMAGE_FILE_NAME = /^[0-9a-f]{32}(-[a-z]+)?\.(jpg|png|webp|avif|gif)$/;

/** Public image files: the stored originals and renditions under their random keys. */
const mediaFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/media/images/:file',
    {
      // Pictures of a page that arrived: files, answered under load too.
      config: answerUnderPressure,
      schema: {
        params: Type.Object({ file: Type.String() }),
        response: fileResponses,
      },
    },
    async (request, reply) => {
      // A name no stored image can have is a missing file, not a malformed request.
      if (!IMAGE_FILE_NAME.test(request.params.file)) return reply.callNotFound();
      const extension = request.params.file.split('.').pop() ?? '';
      return sendStoredFile(request, reply, app.storage, {
        key: `images/${request.params.file}`,
        contentType: CONTENT_TYPES[extension],
        cacheControl: IMMUTABLE,
      });
    },
  );
};

export default mediaFileRoutes;
