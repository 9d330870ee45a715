import { api } from '../lib/api/apiSlice';
import { FRAGMENT_MARK } from '../lib/htmlFrom';
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

/** Below this length an answer's HTML is repeated in the state: a reference would save less than it costs. */
const FRAGMENT_MIN_LENGTH = 1024;
/** What stands in the state for the HTML of the page's marked element at this place among them. */
const FRAGMENT_KEY = '$fragment';
/** The mark in the start tag of an element marked by htmlFrom: React escapes `>` in attribute values, so the next `>` ends the tag. */
const MARK_ATTRIBUTE = ` ${FRAGMENT_MARK}=""`;

/** How much of a text the marked elements are looked up by (see markedContent). */
const LOOKUP_CHARS = 64;

/**
 * The marked elements by the start of their content (LOOKUP_CHARS characters), each with its place among
 * them and where its content starts. The mark counts inside a tag only (a note's text may show it).
 * Searching for it took a fifth of the time of a regular expression over every tag; looking a text up by
 * its start, rather than trying it at every marked element, a list of 500 titles with formulas a tenth.
 */
function markedContent(markup: string): Map<string, { place: number; at: number }[]> {
  const byStart = new Map<string, { place: number; at: number }[]>();
  let place = 0;
  for (let mark = markup.indexOf(MARK_ATTRIBUTE); mark >= 0; mark = markup.indexOf(MARK_ATTRIBUTE, mark + 1)) {
    if (markup.lastIndexOf('<', mark) < markup.lastIndexOf('>', mark)) continue;
    const at = markup.indexOf('>', mark) + 1;
    const start = markup.slice(at, at + LOOKUP_CHARS);
    byStart.set(start, [...(byStart.get(start) ?? []), { place, at }]);
    place += 1;
  }
  return byStart;
}

/**
 * As JSON that is safe inside a `<script type="application/json">` element. Long HTML that the markup
 * already shows in a marked element (a note's body) is referred to rather than repeated: it was half of a
 * long note's page, for the phone to download before the scripts could start. The texts referred to are
 * added to `referred`.
 */
export function serializeState(state: Partial<RootState>, markup = '', referred: string[] = []): string {
  const marked = markedContent(markup);
  const refer = (_key: string, value: unknown) => {
    if (typeof value !== 'string' || value.length < FRAGMENT_MIN_LENGTH) return value;
    const found = marked.get(value.slice(0, LOOKUP_CHARS))?.find(({ at }) => markup.startsWith(value, at) && markup.startsWith('</', at + value.length));
    if (!found) return value;
    referred.push(value);
    return { [FRAGMENT_KEY]: found.place };
  };
  return JSON.stringify(state, marked.size ? refer : undefined).replace(/</g, '\\u003c');
}

/** The state handed over by the server, if this page was rendered there. */
export function readPreloadedState(): Partial<RootState> | undefined {
  const element = document.getElementById(PRELOADED_STATE_ID);
  if (!element?.textContent) return undefined;
  const text = element.textContent;
  // The marked elements as the server wrote them: read before hydration, which leaves them as they are.
  const marked = text.includes(`"${FRAGMENT_KEY}"`) ? document.querySelectorAll(`[${FRAGMENT_MARK}]`) : undefined;
  const restore = (_key: string, value: unknown) =>
    value !== null && typeof value === 'object' && FRAGMENT_KEY in value ? marked?.[(value as Record<string, number>)[FRAGMENT_KEY]]?.innerHTML : value;
  try {
    return JSON.parse(text, marked ? restore : undefined) as Partial<RootState>;
  } catch (error) {
    console.warn('The page carried an unreadable starting state', error);
    return undefined;
  }
}
