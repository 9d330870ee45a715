import { Writable } from 'node:stream';

import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

import { preloadStore, type PublicData, serializeState } from '../../../src/app/preloadedState';
import { ServerApp } from '../../../src/app/ServerApp';
import { makeStore } from '../../../src/app/store';
import { api } from '../../../src/lib/api/apiSlice';
import type { ThemeMode } from '../../../src/lib/theme/themeSlice';

export interface RenderedApp {
  /** The markup of the app's root element. */
  body: string;
  /** The styles that markup uses, as `<style>` elements without a nonce. */
  styles: string;
  /** The store's starting state for the browser, as JSON safe inside a script element. */
  state: string;
}

/** The starting state of a page the browser draws itself: the data every screen needs. */
export async function startingState(data: PublicData, mode: ThemeMode): Promise<string> {
  const store = makeStore();
  try {
    return serializeState(await preloadStore(store, data, mode));
  } finally {
    store.dispatch(api.util.resetApiState());
  }
}

/** Renders completely (lazy screens included) before anything is written, so no streaming script is needed. */
function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** The app at one address, with the data it shows at once, drawn in one theme. */
export async function renderApp(location: string, data: PublicData, mode: ThemeMode): Promise<RenderedApp> {
  const store = makeStore();
  const state = await preloadStore(store, data, mode);
  const sheet = new ServerStyleSheet();
  try {
    const body = await renderToHtml(sheet.collectStyles(<ServerApp store={store} location={location} />));
    return { body, styles: sheet.getStyleTags(), state: serializeState(state) };
  } finally {
    sheet.seal();
    // Drops the cache's expiry timers, which would keep this store alive for a minute.
    store.dispatch(api.util.resetApiState());
  }
}
