import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { App } from '@/app/App';
import { PRELOADED_STATE_ID, preloadStore, readPreloadedState, serializeState } from '@/app/preloadedState';
import { preloadScreens } from '@/app/routes';
import { ServerApp } from '@/app/ServerApp';
import { makeStore } from '@/app/store';
import { expectHydration } from '@/lib/hydration';

import { bannerImage, currentContent, currentCv, serveBannerImages } from '../public/fixtures';

/** What the server sends for an address: the markup and the starting state, in the page. */
async function serverPage(location: string, data: Parameters<typeof preloadStore>[1]) {
  const store = makeStore();
  const state = await preloadStore(store, { siteContent: currentContent(), ...data }, 'light');
  const container = document.createElement('div');
  container.id = 'root';
  // jsdom has a window, so the libraries pick their browser hooks and React's server renderer
  // warns about useLayoutEffect; the real server has no window and renders without that warning.
  const layoutEffectWarning = jest.spyOn(console, 'error').mockImplementation((message: unknown) => {
    if (!String(message).includes('useLayoutEffect does nothing on the server')) throw new Error(String(message));
  });
  container.innerHTML = renderToString(<ServerApp store={store} location={location} />);
  layoutEffectWarning.mockRestore();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRELOADED_STATE_ID;
  script.textContent = serializeState(state);
  document.body.append(container, script);
  window.history.replaceState(null, '', location);
  return container;
}

describe('taking over a server-rendered page', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  it('keeps the banner the server drew, without asking for the pictures again or a warning', async () => {
    const requests = serveBannerImages([bannerImage(1), bannerImage(2)]);
    const container = await serverPage('/', { bannerImages: [bannerImage(1), bannerImage(2)] });
    const picture = screen.getByRole('img', { name: 'Picture 1' });
    // The session is decided in the browser: the server's page says Loading in the top bar.
    expect(container.querySelector('header')).toHaveTextContent('Loading');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    expectHydration();
    await act(async () => {
      root = hydrateRoot(container, <App store={makeStore(readPreloadedState())} />);
    });

    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.getByRole('img', { name: 'Picture 1' })).toBe(picture);
    expect(requests).toHaveLength(0);
    // Once hydrated, the startup session check runs: no stored token means signed out.
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('starts the CV page (a screen loaded ahead, as the page does) with its download link, not Loading CV', async () => {
    await preloadScreens('/cv');
    const container = await serverPage('/cv', { currentCv: currentCv() });
    expect(screen.getByRole('link', { name: 'Download CV (Current)' })).toHaveAttribute('href', currentCv().download_url);
    expectHydration();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <App store={makeStore(readPreloadedState())} />);
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.queryByText('Loading CV')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CV (Current)' })).toBeInTheDocument();
  });
});
