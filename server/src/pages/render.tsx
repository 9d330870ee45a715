import { Writable } from 'node:stream';

import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

import { serializeState, startingState } from '../../../src/app/preloadedState';
import { ServerApp } from '../../../src/app/ServerApp';
import type { AppStore } from '../../../src/app/store';

export interface RenderedApp {
  /** The markup of the app's root element. */
  body: string;
  /** The styles that markup uses, as `<style>` elements. */
  styles: string;
  /** The store's starting state for the browser, as JSON safe inside a script element. */
  state: string;
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
        // React 18's stream writes its whole 2 KB buffer when a character of several bytes does not fit
        // the rest of it, unused zero bytes included: a NUL inside the page's text ("L\0évy"). HTML has
        // no place for NUL, so none is the page's own.
        resolve(html.replaceAll('\u0000', ''));
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

/** The app at one address, drawn from a store that already holds the page's data and theme. */
export async function renderApp(location: string, store: AppStore): Promise<RenderedApp> {
  // The state as the page's data left it, before rendering (which only reads it) and serialized against the markup.
  const starting = startingState(store);
  const sheet = new ServerStyleSheet();
  try {
    const body = await renderToHtml(sheet.collectStyles(<ServerApp store={store} location={location} />));
    return { body, styles: sheet.getStyleTags(), state: serializeState(starting, body) };
  } finally {
    sheet.seal();
  }
}
