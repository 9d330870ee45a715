import { startTransition, StrictMode } from 'react';

import { captureAppTokenFromUrl } from './lib/appToken';
import { expectHydration } from './lib/hydration';

/** Lets the browser paint and answer input before the next piece of startup work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Startup runs in steps, each its own task ("eager" keeps every module in this bundle, so no extra
// request): evaluating every module at once would block input for longer than a phone allows. A step
// that evaluates a package names one export it uses, so that the rest of the package is still shaken out.
async function start(container: HTMLElement) {
  const steps = [
    // React's DOM renderer alone is the longest piece of evaluation.
    () => import(/* webpackMode: "eager", webpackExports: ["hydrateRoot", "createRoot"] */ 'react-dom/client'),
    // Redux Toolkit's core, React's bindings, RTK Query's core, then its React hooks and the API.
    () => import(/* webpackMode: "eager" */ './lib/theme/themeSlice'),
    () => import(/* webpackMode: "eager", webpackExports: ["Provider"] */ 'react-redux'),
    () => import(/* webpackMode: "eager", webpackExports: ["fetchBaseQuery"] */ '@reduxjs/toolkit/query'),
    () => import(/* webpackMode: "eager" */ './lib/api/apiSlice'),
    // styled-components, then its takeover of the server-rendered style sheets (held until then).
    () => import(/* webpackMode: "eager" */ './ui/GlobalStyle'),
    () => import(/* webpackMode: "eager" */ './lib/serverStyles').then(({ takeOverServerStyles }) => takeOverServerStyles()),
    // The router, the store's reducers, the session, the top bar, then the rest of the page frame.
    () => import(/* webpackMode: "eager", webpackExports: ["Outlet"] */ 'react-router-dom'),
    () => import(/* webpackMode: "eager" */ './lib/state'),
    () => import(/* webpackMode: "eager" */ './lib/session/AuthProvider'),
    () => import(/* webpackMode: "eager" */ './app/layout/TopBar'),
    () => import(/* webpackMode: "eager" */ './app/layout/Layout'),
  ];
  for (const step of steps) {
    await step();
    await yieldToBrowser();
  }
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  const [{ makeStore }, { readPreloadedState }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/store'),
    import(/* webpackMode: "eager" */ './app/preloadedState'),
  ]);
  const store = makeStore(readPreloadedState());
  await yieldToBrowser();
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  const { preloadScreens } = await import(/* webpackMode: "eager" */ './app/routes');
  // The screen's chunk came with the page; a failure to load it shows in the error boundary.
  await preloadScreens(window.location.pathname).catch(() => undefined);
  await yieldToBrowser();
  // A server-rendered page is already readable: taking it over in a transition lets the
  // browser answer input between slices of work instead of freezing for the whole tree.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

captureAppTokenFromUrl();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
if (container.hasChildNodes()) expectHydration();
void start(container);
