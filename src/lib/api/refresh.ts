import type { RefreshResponse } from '@/contract';
import { apiPaths } from '@/contract/paths';

import { tokenStorage } from '../tokens';
import { sessionRequest } from './sessionRequest';

/** The Web Locks name under which one tab of this site at a time refreshes the session. */
export const REFRESH_LOCK = 'site-session-refresh';

let inFlight: Promise<boolean> | null = null;

/**
 * Exchanges the stored refresh token for a new access token, outside the reauth layer.
 * Concurrent callers in a tab share one request, and tabs take turns (Web Locks): a refresh token
 * is spent on use, so a second tab presenting the same one would look like theft and end the
 * sign-in. A tab that waited uses the pair the other tab just stored. Resolves true when a new
 * access token is stored; failures are logged, never shown.
 */
export function refreshAccessToken(): Promise<boolean> {
  inFlight ??= refreshInTurn().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function refreshInTurn(): Promise<boolean> {
  const seen = tokenStorage.access();
  const refreshedElsewhere = () => {
    const now = tokenStorage.access();
    return now !== null && now !== seen;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return doRefresh();
  return locks.request(REFRESH_LOCK, () => (refreshedElsewhere() ? true : doRefresh()));
}

async function doRefresh(): Promise<boolean> {
  const refresh = tokenStorage.refresh();
  if (!refresh) return false;
  try {
    const response = await sessionRequest(apiPaths.tokenRefresh, { body: { refresh } });
    if (response.status !== 200) {
      console.warn('Token refresh refused', response.status);
      return false;
    }
    const body = (await response.json()) as Partial<RefreshResponse>;
    if (!body.access) {
      console.warn('Token refresh answered without an access token');
      return false;
    }
    tokenStorage.store(body.access, body.refresh);
    return true;
  } catch (error) {
    console.warn('Token refresh failed', error);
    return false;
  }
}
