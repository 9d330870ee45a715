import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { useAuth } from './AuthProvider';

/**
 * The one way to sign out from a screen: go to `to` first, then sign out once the page that asked
 * has been left (or, for the layout, which stays, once the new address is shown). Signing out while
 * still on a guarded page would let its guard send the visitor to /signin instead of where they
 * were going.
 */
let signingOut = false;

/** True between a sign-out's navigation and the sign-out itself: the user is still signed in, but leaving. */
export function isSigningOut(): boolean {
  return signingOut;
}

export function useSignOut(): (to: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const { logout } = useAuth();
  const pending = useRef(false);

  const finish = useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    signingOut = false;
    void logout();
  }, [logout]);
  useEffect(finish, [location, finish]);
  useEffect(() => finish, [finish]);

  return useCallback(
    (to: string) => {
      pending.current = true;
      signingOut = true;
      navigate(to, { replace: true });
    },
    [navigate],
  );
}
