import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../lib/paths';
import { Alert, Page } from '../ui';

/** Shown when a screen throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const chunkFailed = error instanceof Error && /Loading chunk|ChunkLoadError|dynamically imported module/i.test(error.message);
  return (
    <Page>
      <h1>Something went wrong</h1>
      <Alert tone="error">
        {chunkFailed
          ? 'This part of the site could not be loaded. Please reload the page.'
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : 'An unexpected error stopped this page from showing.'}
      </Alert>
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </Page>
  );
}
