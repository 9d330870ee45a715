import type { User } from '@/contract';
import { apiPaths } from '@/contract/paths';

import { sessionRequest } from '../api/sessionRequest';
import { tokenStorage } from '../tokens';

/**
 * GET /api/users/profile/ with the stored token, outside the reauth layer: the startup
 * check decides itself what a failure means. Failures are logged and rethrown.
 */
export async function fetchProfile(): Promise<User> {
  try {
    const response = await sessionRequest(apiPaths.profile, { token: tokenStorage.access() });
    if (!response.ok) throw new Error(`Profile request answered ${response.status}`);
    const user = (await response.json()) as User | null;
    if (!user || typeof user !== 'object' || !user.email) throw new Error('Profile answer was empty');
    return user;
  } catch (error) {
    console.warn('Could not load the profile', error);
    throw error;
  }
}
