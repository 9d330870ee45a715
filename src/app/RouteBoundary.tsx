import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { Alert, Page } from '../ui';
import { AppLoading } from './AppLoading';

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

/**
 * Around a section of screens: shows Loading Application... while a screen's code arrives, and
 * an error screen when one throws or cannot be loaded. Leaving the address clears the error.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<AppLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
