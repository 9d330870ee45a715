import { api } from '../lib/api/apiSlice';
import type { RootState } from '../lib/state';
import { type ThemeMode, themeRestored } from '../lib/theme/themeSlice';
import type { Prefetch } from './serverPage';
import type { AppStore } from './store';

/** The element of a server-rendered page that carries the store's starting state. */
export const PRELOADED_STATE_ID = 'preloaded-state';

/**
 * Runs a page's endpoint calls in a fresh store and waits for all of them (RTK Query's server-rendering
 * recipe), then sets the theme the page is drawn in. The queries leave no subscription behind.
 */
export async function prefetchPage(store: AppStore, prefetch: Prefetch[], mode: ThemeMode): Promise<void> {
  const started = prefetch.map((call) => store.dispatch(call) as { unsubscribe?: () => void });
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  for (const query of started) query.unsubscribe?.();
  store.dispatch(themeRestored(mode));
}

/**
 * The state a server-rendered page starts from: the answers its queries fetched and the theme it
 * was drawn in. A failed query is left out, so the browser asks again; the session is left out on
 * purpose: it is decided in the browser, and the same HTML is sent to every visitor.
 */
export function startingState(store: AppStore): Partial<RootState> {
  const { api: cache, theme } = store.getState();
  const queries = Object.fromEntries(Object.entries(cache.queries).filter(([, query]) => query?.status === 'fulfilled'));
  return { api: { ...cache, queries, subscriptions: {} }, theme };
}

/** As JSON that is safe inside a `<script type="application/json">` element. */
export function serializeState(state: Partial<RootState>): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state handed over by the server, if this page was rendered there. */
export function readPreloadedState(): Partial<RootState> | undefined {
  const element = document.getElementById(PRELOADED_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as Partial<RootState>;
  } catch (error) {
    console.warn('The page carried an unreadable starting state', error);
    return undefined;
  }
}
