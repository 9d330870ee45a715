import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { DetailSchema, ErrorBodySchema } from '../../../contract';

/** DRF-style texts, so that the SPA can print them after its own failure text. */
export const MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  maxLength: (limit: number) => `Ensure this field has no more than ${limit} characters.`,
  notFound: 'Not found.',
  noFile: 'No file was submitted.',
  emptyFile: 'The submitted file is empty.',
  notAFile: 'The submitted data was not a file. Check the encoding type on the form.',
  pathInName: 'The file name must be a plain name, without folders.',
  tooLarge: (bytes: number) => `The file is too large. The limit is ${Math.round(bytes / (1024 * 1024))} MB.`,
  oneFile: 'Send one file per request.',
} as const;

export type FieldErrors = Record<string, string[]>;

/** One field's message as an error body. */
export const fieldError = (field: string, message: string): FieldErrors => ({ [field]: [message] });

/** Collects field-keyed messages, answered together as one 400. */
export class ErrorCollector {
  readonly fields: FieldErrors = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  /**
   * A required or optional text field, trimmed. Records an error and answers undefined when
   * it is missing (required), blank (required) or too long.
   */
  text(field: string, value: string | undefined, options: { required: boolean; maxLength: number }): string | undefined {
    if (value === undefined) {
      if (options.required) this.add(field, MESSAGES.required);
      return undefined;
    }
    const trimmed = value.trim();
    if (!trimmed && options.required) {
      this.add(field, MESSAGES.blank);
      return undefined;
    }
    if (trimmed.length > options.maxLength) {
      this.add(field, MESSAGES.maxLength(options.maxLength));
      return undefined;
    }
    return trimmed;
  }
}

/** Error answers every media route may give. */
export const errorResponses = {
  400: ErrorBodySchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
  413: DetailSchema,
  415: DetailSchema,
} as const;

export const NoContent = Type.Null({ description: 'No content' });

/** True for a unique-constraint failure on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** True for a foreign-key failure on either database (e.g. a gallery deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * What only upload routes meet: the multipart parser's limits and malformed forms, and ids in
 * the path that do not parse (a 404, as for a missing row). Everything else goes on to the
 * site-wide error handler.
 */
export function mediaErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: { detail: string }) => reply.code(status).serializer(JSON.stringify).type('application/json; charset=utf-8').send(body);
  if (error.validation && error.validationContext === 'params') return send(404, { detail: MESSAGES.notFound });
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(413, { detail: MESSAGES.tooLarge(request.routeOptions.config.multipartOptions?.limits?.fileSize ?? 0) });
    case 'FST_FILES_LIMIT':
      return send(400, { detail: MESSAGES.oneFile });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return send(413, { detail: 'The form has too many fields.' });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return send(400, { detail: 'A form field declared as JSON is not valid JSON.' });
    case 'FST_MP_PREMATURE_CLOSE':
      return send(400, { detail: 'The upload was interrupted.' });
  }
  // Malformed multipart bodies make the parser throw plain errors without a status.
  if (error.statusCode === undefined && /multipart|boundary|part header|end of form/i.test(error.message)) {
    return send(400, { detail: 'The form data could not be read.' });
  }
  throw error;
}
