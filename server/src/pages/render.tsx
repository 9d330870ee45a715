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

/** The app at one address, drawn from a store that already holds the page's data and theme. */
export async function renderApp(location: string, store: AppStore): Promise<RenderedApp> {
  const state = serializeState(startingState(store));
  const sheet = new ServerStyleSheet();
  try {
    const body = await renderToHtml(sheet.collectStyles(<ServerApp store={store} location={location} />));
    return { body, styles: sheet.getStyleTags(), state };
  } finally {
    sheet.seal();
  }
}
