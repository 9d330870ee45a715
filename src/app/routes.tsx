import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import { RequireAuth } from './guards/RequireAuth';
import { RequireStaff } from './guards/RequireStaff';
import { Layout } from './layout/Layout';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/notFound/NotFoundPage';

/**
 * Route-level code splitting: the module is fetched on first visit to the route, while the
 * layout's boundary shows Loading Application... (see RouteBoundary).
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return <Screen />;
}

const pub = {
  cv: screen(() => import(/* webpackChunkName: "public" */ '../features/cv/CvPage'), (m) => m.CvPage),
  onTheWeb: screen(() => import(/* webpackChunkName: "public" */ '../features/onTheWeb/OnTheWebPage'), (m) => m.OnTheWebPage),
  about: screen(() => import(/* webpackChunkName: "public" */ '../features/about/AboutPage'), (m) => m.AboutPage),
};

const auth = {
  login: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/LoginPage'), (m) => m.LoginPage),
  register: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/RegisterPage'), (m) => m.RegisterPage),
  forgot: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/ForgotPasswordPage'), (m) => m.ForgotPasswordPage),
  reset: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/ResetPasswordPage'), (m) => m.ResetPasswordPage),
  appLogin: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/AppTokenLoginPage'), (m) => m.AppTokenLoginPage),
  welcome: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/WelcomePage'), (m) => m.WelcomePage),
  loginFailed: screen(() => import(/* webpackChunkName: "auth" */ '../features/auth/LoginFailedPage'), (m) => m.LoginFailedPage),
  profile: screen(() => import(/* webpackChunkName: "account" */ '../features/profile/ProfilePage'), (m) => m.ProfilePage),
};

const staff = {
  dashboard: screen(() => import(/* webpackChunkName: "staff" */ '../features/dashboard/DashboardPage'), (m) => m.DashboardPage),
  documents: screen(() => import(/* webpackChunkName: "staff" */ '../features/documents/DocumentsPage'), (m) => m.DocumentsPage),
  photos: screen(() => import(/* webpackChunkName: "staff" */ '../features/photos/PhotosPage'), (m) => m.PhotosPage),
  galleries: screen(() => import(/* webpackChunkName: "staff" */ '../features/galleries/GalleriesPage'), (m) => m.GalleriesPage),
  admin: screen(() => import(/* webpackChunkName: "admin" */ '../features/admin/AdminPage'), (m) => m.AdminPage),
};

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
      { path: paths.login, element: auth.login },
      { path: paths.signin, element: auth.login },
      { path: paths.register, element: auth.register },
      { path: paths.forgotPassword, element: auth.forgot },
      { path: paths.resetPasswordPattern, element: auth.reset },
      { path: paths.appLogin, element: auth.appLogin },
      { path: paths.welcome, element: auth.welcome },
      { path: paths.loginFailed, element: auth.loginFailed },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.profile, element: auth.profile },
          // These screens refuse non-staff themselves, with their own Access Denied text.
          { path: paths.documents, element: staff.documents },
          { path: paths.photos, element: staff.photos },
          { path: paths.galleries, element: staff.galleries },
          {
            element: <RequireStaff />,
            children: [
              { path: paths.dashboard, element: staff.dashboard },
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
