import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

import { type ErrorCollector, errorResponses, MESSAGES } from '../../errors';
import { isPlainFileName } from '../../services/documents';

/** A file part of a form, held in memory (uploads are capped at a few MB). */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly data: Buffer,
  ) {}
}

/**
 * Schema of a form field that should carry a file. The parser puts an UploadedFile there;
 * anything else (text, JSON) is refused by readUpload with a field message.
 */
export const FileField = Type.Unsafe<unknown>({ description: 'a file sent as multipart/form-data' });

/** Limits for one upload call: one file of at most fileSize bytes and a few short fields. */
function uploadLimits(fileSize: number) {
  return { limits: { fileSize, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024, headerPairs: 100 } };
}

/**
 * Routes that take forms, in a scope of their own. The parser puts multipart/form-data into the
 * request body before validation, so that route schemas apply to forms as they do to JSON; it also
 * hooks every request of its scope (three promise-returning hooks), which the public reads beside
 * these routes should not pay for. Every route of the scope takes one file of at most `fileSize` bytes.
 */
export function formRoutes(fileSize: number, routes: FastifyPluginAsyncTypebox): FastifyPluginAsyncTypebox {
  return async (forms, options) => {
    const limits = uploadLimits(fileSize);
    await forms.register(multipart, {
      attachFieldsToBody: 'keyValues',
      // The name as sent, so that a name with folders in it can be refused rather than silently cut.
      preservePath: true,
      ...limits,
      async onFile(part: MultipartFile) {
        part.value = new UploadedFile(part.filename, await part.toBuffer());
      },
    });
    // Also read where a refusal names the limit (413).
    forms.addHook('onRoute', (route) => {
      route.config = { ...route.config, multipartOptions: limits };
    });
    await routes(forms, options);
  };
}

/**
 * What a staff route of a form scope declares: `body` read from form data (with `json`, from JSON too,
 * for an edit that sends no file) and `params` where its address has some, answered with `response`
 * or a refusal.
 */
export function staffForm<Body extends TSchema, Response extends Record<number, TSchema>>(
  app: FastifyInstance,
  schema: { body: Body; response: Response; json?: boolean },
): { onRequest: FastifyInstance['requireStaff']; schema: { consumes: string[]; body: Body; response: Response & typeof errorResponses } };
export function staffForm<Body extends TSchema, Response extends Record<number, TSchema>, Params extends TSchema>(
  app: FastifyInstance,
  schema: { body: Body; response: Response; params: Params; json?: boolean },
): { onRequest: FastifyInstance['requireStaff']; schema: { consumes: string[]; body: Body; params: Params; response: Response & typeof errorResponses } };
export function staffForm(
  app: FastifyInstance,
  { body, response, params, json = false }: { body: TSchema; response: Record<number, TSchema>; params?: TSchema; json?: boolean },
) {
  return {
    onRequest: app.requireStaff,
    schema: {
      consumes: json ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'],
      body,
      ...(params && { params }),
      response: { ...response, ...errorResponses },
    },
  };
}

/**
 * The upload in a form field, checked for presence, emptiness and a clean name; records a
 * field error and answers undefined otherwise. With `optional`, an absent or empty part
 * (a file input left empty) means "no file".
 */
export function readUpload(errors: ErrorCollector, field: string, value: unknown, optional = false): UploadedFile | undefined {
  const empty = value === undefined || value === '' || (value instanceof UploadedFile && value.filename === '' && value.data.length === 0);
  if (empty) {
    if (!optional) errors.add(field, MESSAGES.noFile);
    return undefined;
  }
  if (!(value instanceof UploadedFile)) {
    errors.add(field, MESSAGES.notAFile);
    return undefined;
  }
  if (!isPlainFileName(value.filename)) {
    errors.add(field, MESSAGES.pathInName);
    return undefined;
  }
  if (value.data.length === 0) {
    errors.add(field, MESSAGES.emptyFile);
    return undefined;
  }
  return value;
}

/** A yes/no form field (a checkbox): absent or empty is no; anything but the usual spellings is an error. */
export function readFlag(errors: ErrorCollector, field: string, value: string | undefined): boolean | undefined {
  const normalized = (value ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'off', 'no'].includes(normalized)) return false;
  if (['true', '1', 'on', 'yes'].includes(normalized)) return true;
  errors.add(field, MESSAGES.boolean);
  return undefined;
}
