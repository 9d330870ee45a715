import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from './AuthProvider';

/**
 * The one way to sign out from a screen: go to `to` first, then sign out once the page that asked
 * has been left (or, for the layout, which stays, once the new address is shown). Signing out while
 * still on a guarded page would let its guard send the visitor to /signin instead of where they
 * were going.
 */
export function useSignOut(): (to: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const { logout } = useAuth();
  const pending = useRef(false);

  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    void logout();
  }, [location, logout]);
  useEffect(
    () => () => {
      if (!pending.current) return;
      pending.current = false;
      void logout();
    },
    [logout],
  );

  return useCallback(
    (to: string) => {
      pending.current = true;
      navigate(to, { replace: true });
    },
    [navigate],
  );
}
