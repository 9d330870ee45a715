import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { useAuth } from '@/lib/session/AuthProvider';
import { returnPath } from '@/lib/session/returnPath';
import { isSigningOut } from '@/lib/session/useSignOut';

/**
 * The sign-in and registration screens are for visitors: a signed-in user who opens one goes on to
 * where a sign-in would have taken them, instead of meeting an empty form.
 */
export function RedirectSignedIn() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  // A user signing out on the way here (sign out everywhere, then sign in again) is let through.
  if (isAuthenticated && !isSigningOut()) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
