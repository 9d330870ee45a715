import { Writable } from 'node:stream';

import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';

import { serializeState, startingState } from '../../../src/app/preloadedState';
import { ServerApp } from '../../../src/app/ServerApp';
import type { AppStore } from '../../../src/app/store';
import { CachedStylis } from './cachedStylis';

export interface RenderedApp {
  /** The markup of the app's root element. */
  body: string;
  /** The styles that markup uses, as `<style>` elements. */
  styles: string;
  /** The store's starting state for the browser, as JSON safe inside a script element. */
  state: string;
  /** Long texts the markup shows and the state refers to (a note's body). */
  shown: string[];
}

/** How React marks a Suspense boundary it left for the browser to render: renderToString's when a screen's code was not yet loaded. */
const LEFT_TO_THE_BROWSER = '<!--$!';

/** Renders completely (lazy screens included) before anything is written, so no streaming script is needed. */
function renderToHtml(element: ReactElement): Promise<string> {
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

/** The markup of the element and the styles it uses, collected in a sheet of its own. */
async function withStyles(element: ReactElement, render: (element: ReactElement) => string | Promise<string>): Promise<Pick<RenderedApp, 'body' | 'styles'>> {
  const sheet = new ServerStyleSheet();
  try {
    const body = await render(sheet.collectStyles(<CachedStylis>{element}</CachedStylis>));
    return { body, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** The app at one address, drawn from a store that already holds the page's data and theme. */
export async function renderApp(location: string, store: AppStore, routeObjects?: RouteObject[]): Promise<RenderedApp> {
  // The state as the page's data left it, before rendering (which only reads it) and serialized against the markup.
  const starting = startingState(store);
  const app = <ServerApp store={store} location={location} routeObjects={routeObjects} />;
  // Once a screen's code is loaded (after its first page since the start), the page renders in one
  // synchronous pass: the stream took a fifth more for its chunks and their encoding. Before that, the
  // stream waits for the code where renderToString would leave the screen to the browser.
  const rendered = await withStyles(app, renderToString);
  const { body, styles } = rendered.body.includes(LEFT_TO_THE_BROWSER) ? await withStyles(app, renderToHtml) : rendered;
  const shown: string[] = [];
  return { body, styles, state: serializeState(starting, body, shown), shown };
}
