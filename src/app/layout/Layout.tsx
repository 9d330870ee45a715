import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useIsPreviewing } from '@/lib/content/useSiteContent';
import { retryChunkOnce } from '@/lib/retryChunk';
import { useAuth } from '@/lib/session/AuthProvider';
import { useSignOut } from '@/lib/session/useSignOut';
import { theme } from '@/lib/theme/themes';

import { ScreenErrorBoundary } from '../RouteBoundary';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

// Only staff preview content, from the content editor in the staff chunk: the bar comes with that chunk.
const PreviewBar = lazy(retryChunkOnce(() => import(/* webpackChunkName: "staff" */ './PreviewBar').then((m) => ({ default: m.PreviewBar }))));
// Staff alone are sent to the owner's setup while the site still speaks as the example: it comes with the staff chunk.
const SetupRedirect = lazy(
  retryChunkOnce(() => import(/* webpackChunkName: "staff" */ '../../features/setup/SetupRedirect').then((m) => ({ default: m.SetupRedirect }))),
);

/** A column filling the window, so the footer sits at the bottom of short pages. */
const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  /* The page content, focused (without a ring) by the skip link. */
  > div {
    flex: 1;
    outline: none;
  }
  /* The skip link, off screen until focused. */
  > a {
    position: absolute;
    top: -99px;
    z-index: 20;
    padding: ${theme.space[2]};
    background: ${theme.colors.surface};
  }
  > a:focus {
    top: 0;
  }
`;

/** The frame of every page except the not-found screen: top bar, page, footer. */
export function Layout() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const signOut = useSignOut();
  const signedIn = isAuthenticated && user ? user : null;
  const isStaff = signedIn?.is_staff === true;
  const previewing = useIsPreviewing();
  return (
    <Shell>
      <a href="#content">Skip to content</a>
      <TopBar account={signedIn && (signedIn.first_name || signedIn.email)} isLoading={isLoading} isStaff={isStaff} onSignOut={() => signOut(paths.home)} />
      <div id="content" tabIndex={-1}>
        <ScreenErrorBoundary>
          <Outlet />
        </ScreenErrorBoundary>
      </div>
      <Footer isStaff={isStaff} />
      <ScrollToTop />
      {isStaff && (
        <Suspense fallback={null}>
          <SetupRedirect />
        </Suspense>
      )}
      {previewing && (
        <Suspense fallback={null}>
          <PreviewBar />
        </Suspense>
      )}
    </Shell>
  );
}
