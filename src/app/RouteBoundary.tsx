import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { paths } from '@/contract/paths';

import { HydrationDone } from '../lib/hydration';
import { Alert, Page } from '../ui';
import { AppLoading } from './AppLoading';
import { NavigationProgress } from './layout/NavigationProgress';

function ErrorScreen({ error }: { error: unknown }) {
  const chunkFailed = error instanceof Error && /Loading chunk|ChunkLoadError|dynamically imported module/i.test(error.message);
  return (
    <Page>
      <h1>Something went wrong</h1>
      <Alert tone="error">
        {chunkFailed ? 'This part of the site could not be loaded. Please reload the page.' : 'An unexpected error stopped this page from showing.'}
      </Alert>
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </Page>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** Shows an error screen when a screen throws or cannot be loaded; leaving the address clears it. */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

/**
 * Around the app's screens: Loading Application... while a screen's code arrives, and the error
 * screen. The one Suspense boundary of the app, so that a server-rendered page hydrates as one
 * piece (navigations run in transitions and keep the current screen up while the next loads).
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return (
    <ScreenErrorBoundary>
      <NavigationProgress />
      <Suspense fallback={<AppLoading />}>
        {children}
        <HydrationDone />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
