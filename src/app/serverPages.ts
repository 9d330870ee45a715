import { matchRoutes } from 'react-router-dom';

import { type HeadOf, pageHeads } from '../content/head';
import { paths } from '../lib/paths';
import { routes } from './routes';

/** Data a page shows at once, fetched by the server before it renders the page. */
export type PageData = 'bannerImages' | 'currentCv' | 'publications';

export interface ServerPage {
  head: HeadOf;
  needs: PageData[];
  /** Listed in the sitemap (the sign-in screens are reachable, but not worth a search result). */
  inSitemap: boolean;
  /** Shows something that depends on the query string, so only the bare address is prerendered. */
  readsQuery: boolean;
  /** The lazily loaded chunk holding the screen (webpackChunkName in routes.tsx), started with the page. */
  chunk?: 'public' | 'auth';
  /** The address search engines should know the page by (none for the not-found page). */
  canonicalPath?: string;
}

const content = (path: string, head: HeadOf, needs: PageData[] = []): ServerPage => ({
  head,
  needs,
  inSitemap: true,
  readsQuery: false,
  chunk: path === paths.home ? undefined : 'public',
  canonicalPath: path,
});
const account = (path: string, head: HeadOf): ServerPage => ({ head, needs: [], inSitemap: false, readsQuery: true, chunk: 'auth', canonicalPath: path });

/**
 * The pages the server renders to finished HTML (public content and the sign-in screens); every
 * other screen is personal or staff-only and is drawn by the browser.
 */
export const serverPages: Record<string, ServerPage> = {
  [paths.home]: content(paths.home, pageHeads.home, ['bannerImages']),
  [paths.cv]: content(paths.cv, pageHeads.cv, ['currentCv']),
  [paths.research]: content(paths.research, pageHeads.research, ['publications']),
  [paths.onTheWeb]: content(paths.onTheWeb, pageHeads.onTheWeb),
  [paths.about]: content(paths.about, pageHeads.about),
  [paths.login]: account(paths.login, pageHeads.login),
  // The same screen under its second address.
  [paths.signin]: account(paths.login, pageHeads.login),
  [paths.register]: account(paths.register, pageHeads.register),
  [paths.forgotPassword]: account(paths.forgotPassword, pageHeads.forgotPassword),
};

export const notFoundPage: ServerPage = { head: pageHeads.notFound, needs: [], inSitemap: false, readsQuery: false };

/** True when no screen of the app answers the address (the catch-all not-found screen would). */
export function isUnknownPath(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return !matches || matches[matches.length - 1].route.path === '*';
}
