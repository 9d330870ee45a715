import { Type } from '@sinclair/typebox';

import { DetailSchema, ErrorBodySchema } from '../contract';

/**
 * The messages more than one route group gives, in Django REST framework's words, so that every
 * client reads one style of message and the SPA can print them after its own failure text.
 */
export const MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  minLength: (limit: number) => `Ensure this field has at least ${limit} characters.`,
  maxLength: (limit: number) => `Ensure this field has no more than ${limit} characters.`,
  minValue: (limit: number) => `Ensure this value is greater than or equal to ${limit}.`,
  maxValue: (limit: number) => `Ensure this value is less than or equal to ${limit}.`,
  string: 'Not a valid string.',
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  boolean: 'Must be a valid boolean.',
  list: 'Expected a list of items.',
  choice: 'Not a valid choice.',
  unexpectedField: 'Unexpected field.',
  invalid: 'Invalid value.',
  notAnObject: 'Invalid data. Expected a JSON object.',
  notFound: 'Not found.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Given token not valid for any token type',
  permissionDenied: 'You do not have permission to perform this action.',
  serverError: 'A server error occurred.',
  jsonParse: (reason: string) => `JSON parse error - ${reason}`,
  bodyTooLarge: 'Request body is too large.',
  unsupportedMediaType: (contentType: string) => `Unsupported media type "${contentType}" in request.`,
  noFile: 'No file was submitted.',
  emptyFile: 'The submitted file is empty.',
  notAFile: 'The submitted data was not a file. Check the encoding type on the form.',
  pathInName: 'The file name must be a plain name, without folders.',
  fileTooLarge: (bytes: number) => `The file is too large. The limit is ${Math.round(bytes / (1024 * 1024))} MB.`,
  oneFile: 'Send one file per request.',
  tooManyFormFields: 'The form has too many fields.',
  badJsonFormField: 'A form field declared as JSON is not valid JSON.',
  uploadInterrupted: 'The upload was interrupted.',
  unreadableForm: 'The form data could not be read.',
  requestTimeout: 'The request took too long to arrive.',
  headersTooLarge: 'The request headers are too large.',
  malformedRequest: 'The request could not be read.',
  duplicateHost: 'The request has more than one Host header.',
  busy: 'The server is busy. Please try again in a few seconds.',
} as const;

/** A refusal that is about no field in particular. */
export type DetailBody = { detail: string };
/** Refusals about fields: messages keyed by field name. */
export type FieldErrors = Record<string, string[]>;

export const detail = (message: string): DetailBody => ({ detail: message });

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

  /** A text field an edit may leave out: its current value then, else the new one checked as `text` checks it. */
  edited(field: string, value: string | undefined, current: string, options: { required: boolean; maxLength: number }): string | undefined {
    return value === undefined ? current : this.text(field, value, options);
  }
}

/**
 * The error answers of every route's schema: a 400 may carry field-keyed lists, every other
 * refusal is a detail. One map, so that no route group describes its refusals differently.
 */
export const errorResponses = {
  400: ErrorBodySchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
  413: DetailSchema,
  415: DetailSchema,
  429: DetailSchema,
} as const;

export const NoContent = Type.Null({ description: 'No content' });
