import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/session/AuthProvider';
import { paths } from '../../lib/paths';
import { AuthLoading } from '../../lib/session/AuthLoading';

/** Admits only users whose is_staff is exactly true; signed-in non-staff go to /, visitors to /signin. */
export function RequireStaff() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) {
    return <AuthLoading />;
  }
  if (!isAuthenticated) return <Navigate to={paths.signin} replace state={{ from: location.pathname }} />;
  if (user?.is_staff !== true) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
