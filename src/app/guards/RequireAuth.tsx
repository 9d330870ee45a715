import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { useAuth } from '@/lib/session/AuthProvider';
import { AuthLoading } from '@/ui';

/** Admits signed-in users; others go to /signin without a history entry. */
export function RequireAuth() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) {
    return <AuthLoading />;
  }
  if (!isAuthenticated) return <Navigate to={paths.signin} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
