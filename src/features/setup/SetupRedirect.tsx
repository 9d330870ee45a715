import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { useGetSetupStatusQuery } from '@/lib/api/setupApi';

import { markSetupOffered, setupOffered } from './offered';

/**
 * Rendered for staff by the layout: on a site its owner has not set up, the first staff screen of
 * a visit (after signing in, say) gives way to the setup screen, once; the dashboard links to it
 * until it is done.
 */
export function SetupRedirect() {
  const { data } = useGetSetupStatusQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!data?.needed || setupOffered()) return;
    markSetupOffered();
    if (pathname !== paths.setup) navigate(paths.setup);
  }, [data, navigate, pathname]);
  return null;
}
