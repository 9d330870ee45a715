import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { type ReactElement, useLayoutEffect } from 'react';
import { type Location, MemoryRouter, type NavigationType, type RouteObject, useLocation, useNavigationType } from 'react-router-dom';

import { AppProviders } from '@/app/AppProviders';
import { RouteBoundary } from '@/app/RouteBoundary';
import { AppRoutes, routerFuture, routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import type { User } from '@/contract';
import type { SiteContent } from '@/contract/content';
import { siteContentApi } from '@/lib/api/siteContentApi';
import type { RootState } from '@/lib/state';

import { seedContent } from '../../server/src/content/seed';
import { server, url } from './msw';

export const aUser = (overrides: Partial<User> = {}): User => ({
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  interest_notes: '',
  is_staff: false,
  date_joined: '2025-01-01T00:00:00.000Z',
  last_login: null,
  ...overrides,
});

export const aStaffUser = (overrides: Partial<User> = {}) => aUser({ is_staff: true, ...overrides });

/** A JWT whose payload is readable by jwt-decode; the signature is not checked on the client. */
export function fakeJwt(expSecondsFromNow: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(Date.now() / 1000) + expSecondsFromNow, sub: '1' })}.sig`;
}

/** A stored access token whose startup profile check answers `user` only after `ms`, so the check is seen running. */
export function slowSessionCheck(ms: number, user: User = aUser()): void {
  localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get(url('/api/users/profile/'), async () => {
      await delay(ms);
      return HttpResponse.json(user);
    }),
  );
}

/** Session states for preloading the store without running the startup check. */
export const signedInAs = (user: User): Partial<RootState> => ({ session: { status: 'signedIn', user } });
export const signedOutState: Partial<RootState> = { session: { status: 'signedOut', user: null } };

interface Options {
  route?: string;
  preloadedState?: Partial<RootState>;
  /** Defaults to the app's own routes. */
  routes?: RouteObject[];
  /**
   * The site's words handed over with the page, as the server does with every page; null for a
   * page that came without them (the app then asks the API).
   */
  siteContent?: SiteContent | null;
}

/** What tests read of the router: where it is and how it got there. */
export interface RouterProbe {
  state: { location: Location; historyAction: NavigationType };
}

/** Records the location once committed (a transition may render a location it never shows). */
function LocationProbe({ probe }: { probe: RouterProbe }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  useLayoutEffect(() => {
    probe.state = { location, historyAction };
  }, [probe, location, historyAction]);
  return null;
}

/**
 * Renders the app (or given routes) at a path with a fresh store. Note that AuthProvider runs
 * the startup session check: with no stored token it settles signed out.
 */
export function renderApp({ route = '/', preloadedState, routes: routeObjects = routes, siteContent = seedContent }: Options = {}) {
  const store = makeStore(preloadedState);
  if (siteContent)
    store.dispatch(
      siteContentApi.util.upsertQueryEntries([
        { endpointName: 'getSiteContent', arg: undefined, value: { version: 1, saved_at: '2026-01-05T09:00:00.000Z', content: siteContent, example: [] } },
      ]),
    );
  const router = {} as RouterProbe;
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]} future={routerFuture}>
        <LocationProbe probe={router} />
        <RouteBoundary>
          <AppRoutes routeObjects={routeObjects} />
        </RouteBoundary>
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, router, ...utils };
}

/** The texts of the headings of one level, in order, on the page or in `container`. */
export const headingTexts = (level: number, container: HTMLElement = document.body) =>
  within(container)
    .getAllByRole('heading', { level })
    .map((heading) => heading.textContent);

/** Checks that `container` holds a link of each name in `links`, leading to the address it is paired with. */
export function expectLinks(container: HTMLElement, links: Record<string, string>) {
  for (const [name, href] of Object.entries(links)) expect(within(container).getByRole('link', { name })).toHaveAttribute('href', href);
}

/** Renders the app at `route` for a signed-in staff member, with a person to act in it. */
export function renderAsStaff(route: string) {
  return { ...renderApp({ route, preloadedState: signedInAs(aStaffUser()) }), user: userEvent.setup() };
}

/** Renders the public page at `route` for a signed-out visitor, and waits for its heading. */
export async function openAsVisitor(route: string, heading: string): Promise<void> {
  renderApp({ route, preloadedState: signedOutState });
  await screen.findByRole('heading', { name: heading, level: 1 });
}

/** Renders a single element inside the providers, at a route, with the app's layout absent. */
export function renderScreen(element: ReactElement, options: Omit<Options, 'routes'> & { path?: string } = {}) {
  const { path = '/', ...rest } = options;
  return renderApp({
    ...rest,
    route: rest.route ?? path,
    routes: [
      { path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
  });
}
