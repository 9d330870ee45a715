import { type ComponentType, lazy, type ReactElement } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';

import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/notFound/NotFoundPage';
import { paths } from '../lib/paths';
import { AccessDenied, LoadingText, Page } from '../ui';
import { RedirectSignedIn } from './guards/RedirectSignedIn';
import { RequireAuth } from './guards/RequireAuth';
import { RequireStaff } from './guards/RequireStaff';
import { Layout } from './layout/Layout';
import { trackScreenLoad } from './screenLoads';

const preloads = new WeakMap<ReactElement, () => Promise<void>>();

/**
 * Route-level code splitting: the module is fetched on first visit to the route, while the app's
 * boundary shows Loading Application... (see RouteBoundary). A screen loaded ahead (preloadScreens)
 * renders at once: React takes a settled `then` as a loaded module.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const Screen = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    return trackScreenLoad(load()).then((module) => ({ default: (loaded = pick(module)) }));
  });
  const element = <Screen />;
  preloads.set(element, async () => {
    loaded ??= pick(await load());
  });
  return element;
}

const pub = {
  cv: screen(
    () => import(/* webpackChunkName: "public" */ '../features/cv/CvPage'),
    (m) => m.CvPage,
  ),
  onTheWeb: screen(
    () => import(/* webpackChunkName: "public" */ '../features/onTheWeb/OnTheWebPage'),
    (m) => m.OnTheWebPage,
  ),
  about: screen(
    () => import(/* webpackChunkName: "public" */ '../features/about/AboutPage'),
    (m) => m.AboutPage,
  ),
  research: screen(
    () => import(/* webpackChunkName: "public" */ '../features/research/ResearchPage'),
    (m) => m.ResearchPage,
  ),
};

const auth = {
  login: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/LoginPage'),
    (m) => m.LoginPage,
  ),
  register: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/RegisterPage'),
    (m) => m.RegisterPage,
  ),
  forgot: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/ForgotPasswordPage'),
    (m) => m.ForgotPasswordPage,
  ),
  reset: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/ResetPasswordPage'),
    (m) => m.ResetPasswordPage,
  ),
  appLogin: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/AppTokenLoginPage'),
    (m) => m.AppTokenLoginPage,
  ),
  welcome: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/WelcomePage'),
    (m) => m.WelcomePage,
  ),
  loginFailed: screen(
    () => import(/* webpackChunkName: "auth" */ '../features/auth/LoginFailedPage'),
    (m) => m.LoginFailedPage,
  ),
  profile: screen(
    () => import(/* webpackChunkName: "account" */ '../features/profile/ProfilePage'),
    (m) => m.ProfilePage,
  ),
};

const staff = {
  dashboard: screen(
    () => import(/* webpackChunkName: "staff" */ '../features/dashboard/DashboardPage'),
    (m) => m.DashboardPage,
  ),
  documents: screen(
    () => import(/* webpackChunkName: "staff" */ '../features/documents/DocumentsPage'),
    (m) => m.DocumentsPage,
  ),
  photos: screen(
    () => import(/* webpackChunkName: "staff" */ '../features/photos/PhotosPage'),
    (m) => m.PhotosPage,
  ),
  galleries: screen(
    () => import(/* webpackChunkName: "staff" */ '../features/galleries/GalleriesPage'),
    (m) => m.GalleriesPage,
  ),
  publications: screen(
    () => import(/* webpackChunkName: "staff" */ '../features/publications/PublicationsPage'),
    (m) => m.PublicationsPage,
  ),
  siteContent: screen(
    () => import(/* webpackChunkName: "staff" */ '../features/siteContent/SiteContentPage'),
    (m) => m.SiteContentPage,
  ),
  admin: screen(
    () => import(/* webpackChunkName: "admin" */ '../features/admin/AdminPage'),
    (m) => m.AdminPage,
  ),
};

// The galleries screen names what it waits for, from the session check to its list.
const GalleriesLoading = () => (
  <Page>
    <LoadingText>Loading galleries...</LoadingText>
  </Page>
);

/**
 * Opt in to React Router 7 behaviour now (and keep its upgrade warnings out of the console).
 * Navigations run in a transition, so the current page stays up while the next one's code loads.
 */
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.cv, element: pub.cv },
      { path: paths.onTheWeb, element: pub.onTheWeb },
      { path: paths.about, element: pub.about },
      { path: paths.research, element: pub.research },
      {
        element: <RedirectSignedIn />,
        children: [
          { path: paths.login, element: auth.login },
          { path: paths.signin, element: auth.login },
          { path: paths.register, element: auth.register },
        ],
      },
      { path: paths.forgotPassword, element: auth.forgot },
      { path: paths.resetPasswordPattern, element: auth.reset },
      { path: paths.appLogin, element: auth.appLogin },
      { path: paths.welcome, element: auth.welcome },
      { path: paths.loginFailed, element: auth.loginFailed },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.profile, element: auth.profile },
          {
            element: <RequireStaff denied={<AccessDenied message="You must be an administrator to manage documents." />} />,
            children: [{ path: paths.documents, element: staff.documents }],
          },
          {
            element: <RequireStaff denied={<AccessDenied message="You must be an administrator to manage photos and galleries." />} />,
            children: [{ path: paths.photos, element: staff.photos }],
          },
          {
            element: <RequireStaff denied={<AccessDenied message="You must be an administrator to manage galleries." />} loading={<GalleriesLoading />} />,
            children: [{ path: paths.galleries, element: staff.galleries }],
          },
          {
            element: <RequireStaff />,
            children: [
              { path: paths.dashboard, element: staff.dashboard },
              { path: paths.siteContent, element: staff.siteContent },
              { path: paths.publications, element: staff.publications },
              { path: `${paths.admin}/*`, element: staff.admin },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The screens for the current address (a component router: no data APIs, so a lighter first load). */
export function AppRoutes({ routeObjects = routes }: { routeObjects?: RouteObject[] }) {
  return useRoutes(routeObjects);
}

/** Loads the code of the screens at an address, so that a server-rendered page hydrates in one go. */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.element ? preloads.get(route.element as ReactElement)?.() : undefined)));
}
