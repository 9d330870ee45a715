import { BrowserRouter, type RouteObject } from 'react-router-dom';

import { AppProviders } from './AppProviders';
import { RouteBoundary } from './RouteBoundary';
import { AppRoutes, routerFuture } from './routes';
import type { AppStore } from './store';

export function App({ store, routeObjects }: { store: AppStore; routeObjects?: RouteObject[] }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter future={routerFuture}>
        <RouteBoundary>
          <AppRoutes routeObjects={routeObjects} />
        </RouteBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
