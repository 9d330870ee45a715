import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { generatePath, matchRoutes, type Params, type RouteObject } from 'react-router-dom';

import type { Paper } from '@/contract/publications';

import type { HeadOf } from '../content/head';
import { siteContentApi } from '../lib/api/siteContentApi';
import type { RootState } from '../lib/state';

/** An RTK Query endpoint call, e.g. `imagesApi.endpoints.getImages.initiate(bannerQuery)`. */
export type Prefetch = ThunkAction<unknown, RootState, unknown, UnknownAction>;

/** Structured data the server writes into a page's head, built from the page's prefetched data. */
export type StructuredData = 'person' | 'scholarlyArticles' | 'events';

/**
 * A page that shows one item of the data (a note): its head comes from the item, a missing item is
 * the not-found page, and an item found under an earlier address is sent to its own.
 */
export interface ArticleHead {
  /** The item's own address: another one asked for is answered with a permanent redirect. */
  path: string;
  title: string;
  description: string;
  /** ISO 8601: a note's moment, a paper's year. */
  publishedAt?: string;
  modifiedAt?: string;
  tags: string[];
  /** The page's own share image, instead of the site's. */
  shareImagePath?: string;
  /** A paper: described to Google Scholar (`citation_*` tags) and as a `ScholarlyArticle`, not a `BlogPosting`. */
  paper?: Paper;
}

/**
 * What the server needs to know to render a route's screen to finished HTML. It sits in the route's
 * `handle` (routes.tsx's `serverPages`), so a page says once what it shows: the endpoint calls in `prefetch`
 * are the ones its components make, so the browser finds their answers under the same cache keys.
 */
export interface ServerPage {
  head: HeadOf;
  /** The endpoint calls whose answers the page shows at once, for the route's parameters. */
  prefetch?: (params: Params) => Prefetch[];
  /** Listed in the sitemap (the sign-in screens are reachable, but not worth a search result). */
  inSitemap: boolean;
  /** Shows something that depends on the query string, so only the bare address is prerendered. */
  readsQuery: boolean;
  /** The address search engines should know the page by, when it is not its own (none for the not-found page). */
  canonicalPath?: string | null;
  structuredData?: StructuredData[];
  /** Answered with this status (the not-found page). */
  status?: number;
  /** The item the page shows, read from its prefetched data; undefined when there is none (404). */
  article?: (state: RootState, params: Params) => ArticleHead | undefined;
  /** Whether the address names something that exists (a page of a list within its length); answered 404 when not. */
  exists?: (state: RootState, params: Params) => boolean;
  /** The addresses of a list's further pages, read from its first page's data: listed in the sitemap beside it. */
  furtherPages?: (state: RootState) => string[];
}

interface PageHandle {
  serverPage: ServerPage;
}

/** Every screen shows the site's words (the top bar names the owner), so every page starts with them. */
export const shellPrefetch = (): Prefetch[] => [siteContentApi.endpoints.getSiteContent.initiate()];

/** A public page: server-rendered and listed in the sitemap. */
export const contentPage = (head: HeadOf, more: Partial<ServerPage> = {}): PageHandle => ({
  serverPage: { head, inSitemap: true, readsQuery: false, ...more },
});

/** A sign-in screen: server-rendered for its bare address, left out of the sitemap. */
export const accountPage = (head: HeadOf, more: Partial<ServerPage> = {}): PageHandle => ({
  serverPage: { head, inSitemap: false, readsQuery: true, ...more },
});

export interface MatchedPage {
  /** The server-rendered page at the address, or undefined for a screen the browser draws itself. */
  page?: ServerPage;
  /** Every endpoint call the address needs, the layout's included. */
  prefetch: Prefetch[];
  /** The calls of the address's own screens, without the layout's: what decides whether the address names anything. */
  ownPrefetch: Prefetch[];
  canonicalPath?: string;
  /**
   * The page's own spelling of the address (`/cv` for `/CV`, `/cv/` or `/%63v`, which the router also
   * matches): a server-rendered page is drawn and cached under this address only.
   */
  ownPath?: string;
  /** The named chunks holding the screens at the address, to start loading with the page. */
  chunks: string[];
  /** No screen of the app answers the address (the catch-all not-found screen would). */
  unknown: boolean;
  /** The address's route parameters (a note's slug). */
  params: Params;
  /** The routes that match the address, each with only the next one as its child: the server renders from them, without matching the whole table again. */
  branch: RouteObject[];
}

const handleOf = (route: RouteObject): PageHandle | undefined => {
  const handle = route.handle as Partial<PageHandle> | undefined;
  return handle?.serverPage ? (handle as PageHandle) : undefined;
};

/**
 * What a path with an empty segment (`a//b`) is matched as: no route has one, so it names nothing. Runs
 * of slashes are not given to react-router, whose matching trims trailing slashes with a regular
 * expression that takes quadratic time on them (15,000 slashes: about 110 ms of the server's one
 * thread); trailing ones are trimmed here, in one pass, as it would.
 */
const NOWHERE = '/404';

function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  return pathname.slice(0, end);
}

/**
 * What the routes say about an address: whether the server renders it, the data it shows and the
 * chunks of its screens (`chunkOf` names the chunk of a route's element).
 */
export function matchPage(routes: RouteObject[], pathname: string, chunkOf: (element: RouteObject['element']) => string | undefined): MatchedPage {
  const path = withoutTrailingSlashes(pathname);
  const matches = matchRoutes(routes, path.includes('//') ? NOWHERE : path) ?? [];
  const last = matches[matches.length - 1];
  const page = last && handleOf(last.route)?.serverPage;
  const ownPrefetch = matches.flatMap(({ route, params }) => handleOf(route)?.serverPage.prefetch?.(params) ?? []);
  const prefetch = [...shellPrefetch(), ...ownPrefetch];
  const ownPath = page && last.route.path ? generatePath(last.route.path, last.params) : undefined;
  const canonicalPath = !page || page.canonicalPath === null ? undefined : (page.canonicalPath ?? ownPath);
  const chunks = [...new Set(matches.map(({ route }) => chunkOf(route.element)).filter((chunk): chunk is string => chunk !== undefined))];
  const unknown = !last || last.route.path === '*';
  const branch = matches.reduceRight<RouteObject[]>(
    (children, { route }) => [{ ...route, children: children.length ? children : undefined } as RouteObject],
    [],
  );
  return { page, prefetch, ownPrefetch, canonicalPath, ownPath, chunks, unknown, params: last?.params ?? {}, branch };
}

/** The addresses of the pages listed in the sitemap (routes without parameters). */
export function sitemapPaths(routes: RouteObject[]): string[] {
  const found: string[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      const page = handleOf(route)?.serverPage;
      if (page?.inSitemap && route.path && !route.path.includes(':') && !route.path.includes('*')) found.push(route.path);
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return found;
}
