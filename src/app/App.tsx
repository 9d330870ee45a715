import { BrowserRouter } from 'react-router-dom';

import { AppProviders } from './AppProviders';
import { RouteBoundary } from './RouteBoundary';
import { AppRoutes, routerFuture } from './routes';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter future={routerFuture}>
        <RouteBoundary>
          <AppRoutes />
        </RouteBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
