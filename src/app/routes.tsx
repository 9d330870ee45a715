import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import { RequireAuth } from './guards/RequireAuth';
import { RequireStaff } from './guards/RequireStaff';
import { Layout } from './layout/Layout';
import { RouteError } from './RouteError';
import { AppLoading } from './AppLoading';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/notFound/NotFoundPage';

/** Route-level code splitting: the module is fetched on first visit to the route. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
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

/** Opt in to React Router 7 behaviour now (and keep its upgrade warnings out of the console). */
export const routerFuture = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_partialHydration: true,
  v7_skipActionErrorRevalidation: true,
} as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.cv, lazy: pub.cv },
      { path: paths.onTheWeb, lazy: pub.onTheWeb },
      { path: paths.about, lazy: pub.about },
      { path: paths.login, lazy: auth.login },
      { path: paths.signin, lazy: auth.login },
      { path: paths.register, lazy: auth.register },
      { path: paths.forgotPassword, lazy: auth.forgot },
      { path: paths.resetPasswordPattern, lazy: auth.reset },
      { path: paths.appLogin, lazy: auth.appLogin },
      { path: paths.welcome, lazy: auth.welcome },
      { path: paths.loginFailed, lazy: auth.loginFailed },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.profile, lazy: auth.profile },
          // These screens refuse non-staff themselves, with their own Access Denied text.
          { path: paths.documents, lazy: staff.documents },
          { path: paths.photos, lazy: staff.photos },
          { path: paths.galleries, lazy: staff.galleries },
          {
            element: <RequireStaff />,
            children: [
              { path: paths.dashboard, lazy: staff.dashboard },
              { path: `${paths.admin}/*`, lazy: staff.admin },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
