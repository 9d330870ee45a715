import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { App } from '@/app/App';
import { prefetchPage, PRELOADED_STATE_ID, readPreloadedState, serializeState, startingState } from '@/app/preloadedState';
import { pageAt, preloadScreens } from '@/app/routes';
import { ServerApp } from '@/app/ServerApp';
import { makeStore } from '@/app/store';
import { api } from '@/lib/api/apiSlice';
import { notesApi } from '@/lib/api/notesApi';
import { expectHydration } from '@/lib/hydration';

import { server, url } from '../msw';
import { bannerImage, currentContent, currentCv, serveBannerImages } from '../public/fixtures';
import { aNote, aNoteList } from '../public/noteFixtures';

type Answers = Record<string, { status?: number; body: unknown }>;

/** The server's in-process API (RTK Query's fetchBaseQuery, as on the server), answering from fixed answers by address. */
const answering = (answers: Answers) =>
  fetchBaseQuery({
    baseUrl: 'http://in-process',
    fetchFn: async (input) => {
      const address = new URL((input as Request).url);
      const answer = answers[`${address.pathname}${address.search}`] ?? { status: 404, body: { detail: 'Not found.' } };
      return Response.json(answer.body, { status: answer.status ?? 200 });
    },
  });

const siteContentAnswer: Answers = { '/api/site-content/': { body: currentContent() } };

/** What the server sends for an address: it runs the calls the routes declare, renders, and hands the state over. */
async function serverPage(location: string, answers: Answers) {
  const store = makeStore(undefined, { serverQuery: answering({ ...siteContentAnswer, ...answers }) });
  // The server renders a page's lazy screens with their code loaded, as the browser loads it before hydrating.
  await preloadScreens(location);
  await prefetchPage(store, pageAt(location).prefetch, 'light');
  const container = document.createElement('div');
  container.id = 'root';
  // jsdom has a window, so the libraries pick their browser hooks and React's server renderer
  // warns about useLayoutEffect; the real server has no window and renders without that warning.
  const layoutEffectWarning = jest.spyOn(console, 'error').mockImplementation((message: unknown) => {
    if (!String(message).includes('useLayoutEffect does nothing on the server')) throw new Error(String(message));
  });
  const markup = renderToString(<ServerApp store={store} location={location} />);
  container.innerHTML = markup;
  layoutEffectWarning.mockRestore();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRELOADED_STATE_ID;
  script.textContent = serializeState(startingState(store), markup);
  document.body.append(container, script);
  window.history.replaceState(null, '', location);
  store.dispatch(api.util.resetApiState());
  return container;
}

describe('taking over a server-rendered page', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  /** Hydrates the page in the container with the state it carries, failing on any console error. */
  async function takeOver(container: HTMLElement) {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expectHydration();
    await act(async () => {
      root = hydrateRoot(container, <App store={makeStore(readPreloadedState())} />);
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  }

  it('keeps the banner the server drew, without asking for the pictures again or a warning', async () => {
    const requests = serveBannerImages([bannerImage(1), bannerImage(2)]);
    const news = [
      { id: 1, date: '2026-11-20', text: 'Paper accepted at the Journal of Finance.', html: 'Paper accepted at the Journal of Finance.', link: '' },
    ];
    const container = await serverPage('/', {
      '/api/photos/images/?gallery_slug=page-logos': { body: [bannerImage(1), bannerImage(2)] },
      '/api/news/?limit=5': { body: news },
      '/api/notes/?limit=3': { body: aNoteList() },
    });
    expect(container).toHaveTextContent('Paper accepted at the Journal of Finance.');
    expect(container).toHaveTextContent('The volatility smile');
    const picture = screen.getByRole('img', { name: 'Picture 1' });
    // The session is decided in the browser: the server's page says Loading in the top bar.
    expect(container.querySelector('header')).toHaveTextContent('Loading');

    await takeOver(container);

    expect(screen.getByRole('img', { name: 'Picture 1' })).toBe(picture);
    expect(requests).toHaveLength(0);
    // Once hydrated, the startup session check runs: no stored token means signed out.
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('starts the CV page (a screen loaded ahead, as the page does) with its download link, not Loading CV', async () => {
    await preloadScreens('/cv');
    const container = await serverPage('/cv', { '/api/documents/documents/current_cv/': { body: currentCv() } });
    expect(screen.getByRole('link', { name: 'Download CV (Current)' })).toHaveAttribute('href', currentCv().download_url);
    await takeOver(container);
    expect(screen.queryByText('Loading CV')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CV (Current)' })).toBeInTheDocument();
  });

  it('reads "no current CV" (a 404) the same way on both sides: the page says so and the browser does not ask again', async () => {
    const requests: string[] = [];
    server.use(
      http.get(url('/api/documents/documents/current_cv/'), ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json({ detail: 'No current CV has been published.' }, { status: 404 });
      }),
    );
    await preloadScreens('/cv');
    const container = await serverPage('/cv', {
      '/api/documents/documents/current_cv/': { status: 404, body: { detail: 'No current CV has been published.' } },
    });
    expect(container).toHaveTextContent('No Current CV Found');
    await takeOver(container);
    expect(screen.getByText('No Current CV Found')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  /** Counts the browser's calls to the notes API, which a page drawn with its notes should not make. */
  function countNoteCalls(): string[] {
    const requests: string[] = [];
    server.use(
      http.get(url('/api/notes/*'), ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }),
    );
    return requests;
  }

  it('hydrates the notes list its route declares, without asking for it again', async () => {
    const requests = countNoteCalls();
    await preloadScreens('/notes/tag/volatility');
    const container = await serverPage('/notes/tag/volatility', { '/api/notes/?tag=volatility': { body: aNoteList() } });
    expect(container).toHaveTextContent('The volatility smile');

    await takeOver(container);

    expect(screen.getByRole('link', { name: 'The volatility smile' })).toBeInTheDocument();
    expect(screen.queryByText('Loading notes...')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('keeps the body of a note as the server drew it', async () => {
    const requests = countNoteCalls();
    await preloadScreens('/notes/volatility-smile');
    const container = await serverPage('/notes/volatility-smile', { '/api/notes/volatility-smile/': { body: aNote() } });
    const formula = container.querySelector('.math-display');
    expect(formula).not.toBeNull();

    await takeOver(container);

    expect(screen.getByRole('heading', { name: 'The volatility smile', level: 1 })).toBeInTheDocument();
    expect(container.querySelector('.math-display')).toBe(formula);
    expect(requests).toHaveLength(0);
  });

  it('sends a long note body once, in the markup: the starting state refers to it, and the store has it back', async () => {
    const requests = countNoteCalls();
    await preloadScreens('/notes/volatility-smile');
    const html = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} of a long note on the smile &amp; its wings.</p>`).join('');
    const container = await serverPage('/notes/volatility-smile', { '/api/notes/volatility-smile/': { body: aNote({ html }) } });
    const state = document.getElementById(PRELOADED_STATE_ID)?.textContent ?? '';
    expect(state).not.toContain('Paragraph 0 of a long note');
    expect(state).toContain('"$fragment":0');
    const paragraph = screen.getByText('Paragraph 39 of a long note on the smile & its wings.');

    const store = makeStore(readPreloadedState());
    expect(notesApi.endpoints.getNote.select('volatility-smile')(store.getState()).data?.html).toBe(html);
    await takeOver(container);

    expect(screen.getByText('Paragraph 39 of a long note on the smile & its wings.')).toBe(paragraph);
    expect(requests).toHaveLength(0);
  });

  it('renders the same markup from the routes matching the address alone as from the whole table', async () => {
    const layoutEffectWarning = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const location of ['/', '/cv', '/research', '/research/year/2024', '/notes', '/notes/volatility-smile', '/login', '/signin', '/about', '/404']) {
      await preloadScreens(location);
      const store = makeStore(undefined, { serverQuery: answering(siteContentAnswer) });
      await prefetchPage(store, pageAt(location).prefetch, 'light');
      const whole = renderToString(<ServerApp store={store} location={location} />);
      expect([location, renderToString(<ServerApp store={store} location={location} routeObjects={pageAt(location).branch} />)]).toEqual([location, whole]);
      store.dispatch(api.util.resetApiState());
    }
    layoutEffectWarning.mockRestore();
  });

  it('counts only marked elements, not a text that shows the mark, when it refers to their HTML', () => {
    const [first, second] = ['a', 'b'].map((letter) => `<p>${letter.repeat(2000)}</p>`);
    const markup = `<div data-fragment="">${first}</div><p><code> data-fragment=""</code></p><div data-fragment="">${second}</div>`;
    const json = serializeState({ first, second } as never, markup);
    expect(JSON.parse(json)).toEqual({ first: { $fragment: 0 }, second: { $fragment: 1 } });
  });

  it('keeps the not-found page the server answered at the address of a screen (an unknown tag), without a warning or a call', async () => {
    const requests = countNoteCalls();
    await preloadScreens('/notes/tag/bonds');
    // The server answers every address that names nothing with its one not-found page, marked so.
    const container = await serverPage('/404', {});
    container.setAttribute('data-not-found', '');
    window.history.replaceState(null, '', '/notes/tag/bonds');
    const heading = screen.getByRole('heading', { name: 'Bee Error?', level: 1 });

    await takeOver(container);

    expect(screen.getByRole('heading', { name: 'Bee Error?', level: 1 })).toBe(heading);
    expect(requests).toHaveLength(0);
  });

  it('leaves a failed call out of the starting state, so the browser asks for it itself', async () => {
    const store = makeStore(undefined, { serverQuery: answering({ ...siteContentAnswer, '/api/publications/': { status: 500, body: { detail: 'Down' } } }) });
    await prefetchPage(store, pageAt('/research').prefetch, 'dark');
    const state = startingState(store);
    expect(Object.values(state.api?.queries ?? {}).map((query) => query?.endpointName)).toEqual(['getSiteContent']);
    expect(state.theme).toEqual({ mode: 'dark' });
    expect(state.api?.subscriptions).toEqual({});
    store.dispatch(api.util.resetApiState());
  });
});
