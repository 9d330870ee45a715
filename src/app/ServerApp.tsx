import type { RouteObject } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';

import { AppProviders } from './AppProviders';
import { RouteBoundary } from './RouteBoundary';
import { AppRoutes, routerFuture } from './routes';
import type { AppStore } from './store';

/** The app as the server renders it for one address; the browser's App hydrates the result. */
export function ServerApp({ store, location, routeObjects }: { store: AppStore; location: string; routeObjects?: RouteObject[] }) {
  return (
    <AppProviders store={store}>
      <StaticRouter location={location} future={routerFuture}>
        <RouteBoundary>
          <AppRoutes routeObjects={routeObjects} />
        </RouteBoundary>
      </StaticRouter>
    </AppProviders>
  );
}
