import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { routerFuture, routes } from './routes';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => createBrowserRouter(routes, { future: routerFuture }));
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </AppProviders>
  );
}
