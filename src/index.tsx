import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readPreloadedState } from './app/preloadedState';
import { preloadScreens } from './app/routes';
import { makeStore } from './app/store';
import { captureAppTokenFromUrl } from './lib/appToken';
import { expectHydration } from './lib/hydration';

captureAppTokenFromUrl();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App store={makeStore(readPreloadedState())} />
  </StrictMode>
);

if (container.hasChildNodes()) {
  expectHydration();
  // The screen's chunk came with the page; a failure to load it shows in the error boundary.
  void preloadScreens(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      // A server-rendered page is already readable: taking it over in a transition lets the
      // browser answer input between slices of work instead of freezing for the whole tree.
      startTransition(() => {
        hydrateRoot(container, app);
      }),
    );
} else {
  createRoot(container).render(app);
}
