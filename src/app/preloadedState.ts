import type { Document, Image } from '@/contract';
import type { CurrentContent } from '@/contract/content';
import type { Publication } from '@/contract/publications';
import type { RootState } from '@/lib/state';

import { cvApi } from '../features/cv/cvApi';
import { imagesApi } from '../lib/api/imagesApi';
import { publicationsApi } from '../lib/api/publicationsApi';
import { siteContentApi } from '../lib/api/siteContentApi';
import { BANNER_GALLERY_SLUG } from '../lib/paths';
import { type ThemeMode, themeRestored } from '../lib/theme/themeSlice';
import type { AppStore } from './store';

/** The element of a server-rendered page that carries the store's starting state. */
export const PRELOADED_STATE_ID = 'preloaded-state';

export interface PublicData {
  /** The site's words, which every screen shows (the top bar names the owner). */
  siteContent?: CurrentContent;
  bannerImages?: Image[];
  /** Null when none is published. */
  currentCv?: Document | null;
  publications?: Publication[];
}

/**
 * The state a server-rendered page starts from: the answers its queries would fetch, and the
 * theme it was drawn in. The session is left out on purpose: it is decided in the browser, and
 * the same HTML is sent to every visitor.
 */
export async function preloadStore(store: AppStore, data: PublicData, mode: ThemeMode): Promise<Partial<RootState>> {
  if (data.siteContent) await store.dispatch(siteContentApi.util.upsertQueryData('getSiteContent', undefined, data.siteContent));
  if (data.bannerImages) await store.dispatch(imagesApi.util.upsertQueryData('getImages', { gallery_slug: BANNER_GALLERY_SLUG }, data.bannerImages));
  if (data.publications) await store.dispatch(publicationsApi.util.upsertQueryData('getPublications', undefined, data.publications));
  if (data.currentCv !== undefined) await store.dispatch(cvApi.util.upsertQueryData('getCurrentCv', undefined, data.currentCv));
  store.dispatch(themeRestored(mode));
  const { api, theme } = store.getState();
  return { api, theme };
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
