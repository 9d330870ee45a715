import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { useGetSetupStatusQuery } from '@/lib/api/setupApi';
import { signedInHere } from '@/lib/session/signedInHere';

import { markSetupOffered, setupOffered } from './offered';

/**
 * Rendered for staff by the layout: on a site its owner has not set up, the owner's sign-in leads on
 * to the setup screen, once a visit; a page loaded already signed in is left alone, and the dashboard
 * links to the setup until it is done. Other staff are never sent there.
 */
export function SetupRedirect() {
  const { data } = useGetSetupStatusQuery();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!data?.needed || !data.allowed || !signedInHere() || setupOffered()) return;
    markSetupOffered();
    if (pathname !== paths.setup) navigate(paths.setup);
  }, [data, navigate, pathname]);
  return null;
}
