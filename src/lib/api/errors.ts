import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

type AnyError = FetchBaseQueryError | SerializedError | undefined | unknown;

/** What a form says when its call got no answer at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error — please try again.';

/** True when the server answered 404 Not Found. */
export function isNotFound(error: AnyError): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/** True when no answer came back (offline, refused, aborted). */
export function isNetworkError(error: AnyError): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 'FETCH_ERROR';
}

/** The JSON body of a failed call, when it has one. */
function errorBody(error: AnyError): Record<string, unknown> | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  }
  return undefined;
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value) && value.length) return value.map(String).join(' ');
  return undefined;
}

/**
 * A refusal by field, `{"field": ["message"]}` (a 400 without `detail`), as the fields' messages;
 * undefined for any other failure.
 */
export function fieldProblems<Problems = Record<string, string[]>>(error: AnyError): Problems | undefined {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  const body = errorBody(error);
  return status === 400 && body && !('detail' in body) ? (body as Problems) : undefined;
}

/** The server's `detail` message, if any. */
export function errorDetail(error: AnyError): string | undefined {
  return asText(errorBody(error)?.detail);
}

/** The server's machine-readable `code` beside its detail, if any (e.g. a sign-in that needs a passkey). */
export function errorCode(error: AnyError): string | undefined {
  const code = errorBody(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The first of the named fields' messages the server sent, e.g. `file`, `name`, `detail`. */
export function fieldMessage(error: AnyError, fields: readonly string[]): string | undefined {
  const body = errorBody(error);
  if (!body) return undefined;
  for (const field of fields) {
    const text = asText(body[field]);
    if (text) return text;
  }
  return undefined;
}

/**
 * `Failure text.` followed by the reason: the server's message for the given fields, or that no
 * answer came at all.
 */
export function failureMessage(failure: string, error: AnyError, fields: readonly string[] = ['detail']): string {
  const extra = isNetworkError(error) ? NETWORK_ERROR_MESSAGE : fieldMessage(error, fields);
  return extra ? `${failure} ${extra}` : failure;
}

/** Field labels for the registration errors the server may send, in the order they are printed. */
const REGISTRATION_FIELDS: readonly (readonly [string, string])[] = [
  ['email', 'Email'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['password', 'Password'],
  ['password2', 'Confirm password'],
  ['interest_notes', 'Interest notes'],
];

/**
 * Register failure: one line per field (`Email: ...`, `Password: ...`), then
 * non_field_errors, then detail. Empty when the server sent none of these.
 */
export function registrationErrorLines(error: AnyError): string[] {
  const body = errorBody(error);
  if (!body) return [];
  const lines: string[] = [];
  for (const [field, label] of REGISTRATION_FIELDS) {
    const text = asText(body[field]);
    if (text) lines.push(`${label}: ${text}`);
  }
  const general = body.non_field_errors;
  if (Array.isArray(general)) lines.push(...general.map(String));
  else if (typeof general === 'string' && general) lines.push(general);
  const detail = asText(body.detail);
  if (detail) lines.push(detail);
  return lines;
}
