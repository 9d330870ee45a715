import type { ReactElement } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { useAuth } from '@/lib/session/AuthProvider';
import { AuthLoading } from '@/ui';

interface Props {
  /** What a signed-in user who is not staff sees; without it they are sent to the home page. */
  denied?: ReactElement;
  /** What shows while the session check runs. */
  loading?: ReactElement;
}

/** Admits only users whose is_staff is exactly true; visitors go to /signin. */
export function RequireStaff({ denied, loading = <AuthLoading /> }: Props) {
  const { isAuthenticated, isLoading, user } = useAuth();
  const location = useLocation();
  if (isLoading) return loading;
  if (!isAuthenticated) return <Navigate to={paths.signin} replace state={{ from: location.pathname }} />;
  if (user?.is_staff !== true) return denied ?? <Navigate to={paths.home} replace />;
  return <Outlet />;
}
