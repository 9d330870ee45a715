import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

type AnyError = FetchBaseQueryError | SerializedError | undefined | unknown;

/** True when no answer came back (offline, refused, aborted). */
export function isNetworkError(error: AnyError): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 'FETCH_ERROR';
}

/** The JSON body of a failed call, when it has one. */
export function errorBody(error: AnyError): Record<string, unknown> | undefined {
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

/** The server's `detail` message, if any. */
export function errorDetail(error: AnyError): string | undefined {
  return asText(errorBody(error)?.detail);
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

/** `Failure text.` followed by the server's message for the given fields, as spec §8 prints them. */
export function failureMessage(failure: string, error: AnyError, fields: readonly string[] = ['detail']): string {
  const extra = fieldMessage(error, fields);
  return extra ? `${failure} ${extra}` : failure;
}
