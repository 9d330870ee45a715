import type { Action } from '@reduxjs/toolkit';

/** Names of fields whose values are secrets: passwords, access and refresh tokens, app tokens. */
const SECRET_KEY = /password|token|^access$|^refresh$/i;
/** Calls whose whole argument is a secret (the app token is passed as a bare string). */
const SECRET_ARGUMENT_ENDPOINTS = new Set(['loginWithToken']);
export const REDACTED = '[redacted]';

function isSecret(key: string, inner: unknown, owner: object): boolean {
  if (inner === null || inner === undefined) return false;
  if (SECRET_KEY.test(key)) return true;
  return key === 'originalArgs' && SECRET_ARGUMENT_ENDPOINTS.has(String((owner as { endpointName?: unknown }).endpointName));
}

/** A copy with every secret field's value replaced, at any depth; other values are kept as they are. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value === null || typeof value !== 'object' || value instanceof Blob || value instanceof FormData) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecret(key, inner, value) ? REDACTED : redactSecrets(inner)])) as T;
}

/**
 * What Redux DevTools is shown: actions and state with their secrets redacted (a password typed
 * into the login form, the tokens a sign-in answers, an app token), and nothing else changed,
 * so an exported log still replays into the same (redacted) state.
 */
export const devToolsOptions = {
  actionSanitizer: <A extends Action>(action: A): A => redactSecrets(action),
  stateSanitizer: <S>(state: S): S => redactSecrets(state),
};
