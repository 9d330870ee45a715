import type { RefreshResponse } from '../../../server/contract';
import { apiPaths } from '../paths';
import { tokenStorage } from '../tokens';

let inFlight: Promise<boolean> | null = null;

/**
 * Exchanges the stored refresh token for a new access token, outside the reauth layer
 * (spec §4). Concurrent callers share one request. Resolves true when a new access token
 * was stored; failures are logged, never shown.
 */
export function refreshAccessToken(): Promise<boolean> {
  inFlight ??= doRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function doRefresh(): Promise<boolean> {
  const refresh = tokenStorage.refresh();
  if (!refresh) return false;
  try {
    const response = await fetch(new URL(apiPaths.tokenRefresh, window.location.origin), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
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
