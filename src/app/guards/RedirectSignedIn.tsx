import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/session/AuthProvider';
import { returnPath } from '@/lib/session/returnPath';

/**
 * The sign-in and registration screens are for visitors: a signed-in user who opens one goes on to
 * where a sign-in would have taken them, instead of meeting an empty form.
 */
export function RedirectSignedIn() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
