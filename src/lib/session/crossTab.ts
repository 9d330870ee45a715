import { useEffect } from 'react';

import { useAppDispatch, useAppStore } from '@/lib/state';

import { ACCESS_KEY } from '../tokens';
import { endSession, login } from './sessionThunks';

/**
 * Keeps the tabs of the site in one session: signing out in one tab signs the others out, and
 * signing in in one signs in the tabs that were signed out. (A refresh elsewhere only swaps the
 * stored token, which the next request reads anyway.)
 */
export function useSessionAcrossTabs(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage || (event.key !== ACCESS_KEY && event.key !== null)) return;
      const status = store.getState().session.status;
      if (event.newValue === null && status === 'signedIn') {
        void dispatch(endSession());
      } else if (event.newValue !== null && status === 'signedOut') {
        void dispatch(login({ access: event.newValue }));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, store]);
}
