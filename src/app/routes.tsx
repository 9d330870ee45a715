import { type ComponentType, lazy, type ReactElement } from 'react';
import { matchRoutes, type Params, type RouteObject, useRoutes } from 'react-router-dom';

import { paths } from '@/contract/paths';

import { pageHeads } from '../content/head';
import { cvApi } from '../features/cv/cvApi';
import { bannerQuery, homeNewsQuery, homeNotesQuery } from '../features/home/queries';
import { furtherNewsPages, newsPageExists, newsPageQuery } from '../features/news/pageData';
import { noteArticle, notesListExists, notesListQuery } from '../features/notes/pageData';
import { NotFoundPage } from '../features/notFound/NotFoundPage';
import { paperArticle, researchListExists } from '../features/research/pageData';
import { imagesApi } from '../lib/api/imagesApi';
import { newsApi } from '../lib/api/newsApi';
import { notesApi } from '../lib/api/notesApi';
import { publicationsApi } from '../lib/api/publicationsApi';
import { talksApi } from '../lib/api/talksApi';
import { teachingApi } from '../lib/api/teachingApi';
import { retryChunkOnce } from '../lib/retryChunk';
import { AccessDenied, LoadingText, Page } from '../ui';
import { FocusPageHeading } from './FocusPageHeading';
import { RedirectSignedIn } from './guards/RedirectSignedIn';
import { RequireAuth } from './guards/RequireAuth';
import { RequireStaff } from './guards/RequireStaff';
import { Layout } from './layout/Layout';
import { trackScreenLoad } from './screenLoads';
import { useServedNotFound } from './servedNotFound';
import { accountPage, contentPage, type MatchedPage, matchPage } from './serverPage';

const preloads = new WeakMap<ReactElement, () => Promise<void>>();
const chunks = new WeakMap<ReactElement, string>();

/**
 * Route-level code splitting: the module is fetched on first visit to the route, while the app's
 * boundary shows Loading Application... (see RouteBoundary). A screen loaded ahead (preloadScreens)
 * renders at once: React takes a settled `then` as a loaded module. A chunk that fails to arrive is
 * asked for once more.
 */
function screen(chunk: string, importScreen: () => Promise<ComponentType>) {
  const load = retryChunkOnce(importScreen);
  let loaded: ComponentType | undefined;
  const Screen = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    return trackScreenLoad(load()).then((component) => ({ default: (loaded = component) }));
  });
  const element = <Screen />;
  preloads.set(element, async () => {
    loaded ??= await load();
  });
  chunks.set(element, chunk);
  return element;
}

const pub = {
  home: screen('home', () => import(/* webpackChunkName: "home" */ '../features/home/HomePage').then((m) => m.HomePage)),
  cv: screen('public', () => import(/* webpackChunkName: "public" */ '../features/cv/CvPage').then((m) => m.CvPage)),
  onTheWeb: screen('public', () => import(/* webpackChunkName: "public" */ '../features/onTheWeb/OnTheWebPage').then((m) => m.OnTheWebPage)),
  about: screen('public', () => import(/* webpackChunkName: "public" */ '../features/about/AboutPage').then((m) => m.AboutPage)),
  research: screen('public', () => import(/* webpackChunkName: "public" */ '../features/research/ResearchPage').then((m) => m.ResearchPage)),
  paper: screen('paper', () => import(/* webpackChunkName: "paper" */ '../features/research/PaperPage').then((m) => m.PaperPage)),
  notes: screen('notes', () => import(/* webpackChunkName: "notes" */ '../features/notes/NotesPage').then((m) => m.NotesPage)),
  note: screen('note', () => import(/* webpackChunkName: "note" */ '../features/notes/NotePage').then((m) => m.NotePage)),
  teaching: screen('teaching', () => import(/* webpackChunkName: "teaching" */ '../features/teaching/TeachingPage').then((m) => m.TeachingPage)),
  talks: screen('talks', () => import(/* webpackChunkName: "talks" */ '../features/talks/TalksPage').then((m) => m.TalksPage)),
  news: screen('news', () => import(/* webpackChunkName: "news" */ '../features/news/NewsPage').then((m) => m.NewsPage)),
};

const auth = {
  login: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/LoginPage').then((m) => m.LoginPage)),
  register: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/RegisterPage').then((m) => m.RegisterPage)),
  forgot: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
  reset: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
  appLogin: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/AppTokenLoginPage').then((m) => m.AppTokenLoginPage)),
  welcome: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/WelcomePage').then((m) => m.WelcomePage)),
  loginFailed: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/LoginFailedPage').then((m) => m.LoginFailedPage)),
  confirmEmail: screen('auth', () => import(/* webpackChunkName: "auth" */ '../features/auth/ConfirmEmailPage').then((m) => m.ConfirmEmailPage)),
  profile: screen('account', () => import(/* webpackChunkName: "account" */ '../features/profile/ProfilePage').then((m) => m.ProfilePage)),
};

const follow = {
  page: screen('follow', () => import(/* webpackChunkName: "follow" */ '../features/follow/FollowPage').then((m) => m.FollowPage)),
  confirm: screen('follow', () => import(/* webpackChunkName: "follow" */ '../features/follow/FollowConfirmPage').then((m) => m.FollowConfirmPage)),
  unsubscribe: screen('follow', () => import(/* webpackChunkName: "follow" */ '../features/follow/UnsubscribePage').then((m) => m.UnsubscribePage)),
};

const staff = {
  dashboard: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  documents: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageDocuments/DocumentsPage').then((m) => m.DocumentsPage)),
  photos: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/managePhotos/PhotosPage').then((m) => m.PhotosPage)),
  galleries: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageGalleries/GalleriesPage').then((m) => m.GalleriesPage)),
  publications: screen('staff', () =>
    import(/* webpackChunkName: "staff" */ '../features/managePublications/PublicationsPage').then((m) => m.PublicationsPage),
  ),
  news: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageNews/NewsEditorPage').then((m) => m.NewsEditorPage)),
  notes: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageNotes/NotesListPage').then((m) => m.NotesListPage)),
  noteEditor: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageNotes/NoteEditorPage').then((m) => m.NoteEditorPage)),
  talks: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageTalks/TalksEditorPage').then((m) => m.TalksEditorPage)),
  teaching: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageTeaching/TeachingEditorPage').then((m) => m.TeachingEditorPage)),
  siteContent: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/manageSiteContent/SiteContentPage').then((m) => m.SiteContentPage)),
  setup: screen('staff', () => import(/* webpackChunkName: "staff" */ '../features/setup/SetupPage').then((m) => m.SetupPage)),
  admin: screen('admin', () => import(/* webpackChunkName: "admin" */ '../features/admin/AdminPage').then((m) => m.AdminPage)),
};

// The galleries screen names what it waits for, from the session check to its list.
const GalleriesLoading = () => (
  <Page>
    <LoadingText>Loading galleries...</LoadingText>
  </Page>
);

/** Every filtered research list shows some of the one list of publications. */
const publicationsPrefetch = () => [publicationsApi.endpoints.getPublications.initiate()];

/** The list of notes at an address: nothing to fetch for an address that names no page of it. */
const notesListPrefetch = (params: Params) => {
  const query = notesListQuery(params);
  return query ? [notesApi.endpoints.getNotes.initiate(query)] : [];
};

/** The page of news at an address: nothing to fetch for an address that names no page of it. */
const newsPagePrefetch = (params: Params) => {
  const query = newsPageQuery(params);
  return query ? [newsApi.endpoints.getNewsPage.initiate(query)] : [];
};

/**
 * The pages the server renders, for the routes' `handle` (see serverPage.ts): each one's head, and the
 * endpoint calls whose answers it shows at once. Only the server reads them: the browser's bundle
 * (webpack sets BROWSER_BUNDLE) leaves them out, and with them the heads, the page data's readers and
 * the endpoints, which each screen's chunk brings for itself.
 */
const serverPages = process.env.BROWSER_BUNDLE
  ? undefined
  : {
      home: contentPage(pageHeads.home, {
        prefetch: () => [
          imagesApi.endpoints.getImages.initiate(bannerQuery),
          newsApi.endpoints.getNews.initiate(homeNewsQuery),
          notesApi.endpoints.getNotes.initiate(homeNotesQuery),
          publicationsApi.endpoints.getSelectedPapers.initiate(),
        ],
        structuredData: ['person'],
      }),
      cv: contentPage(pageHeads.cv, { prefetch: () => [cvApi.endpoints.getCurrentCv.initiate()] }),
      research: contentPage(pageHeads.research, { prefetch: publicationsPrefetch, structuredData: ['scholarlyArticles'] }),
      researchFiltered: contentPage(pageHeads.research, { prefetch: publicationsPrefetch, exists: researchListExists, inSitemap: false }),
      paper: contentPage(pageHeads.research, {
        prefetch: ({ key = '' }) => [publicationsApi.endpoints.getPaper.initiate(key)],
        inSitemap: false,
        article: paperArticle,
      }),
      notes: contentPage(pageHeads.notes, { prefetch: notesListPrefetch, exists: notesListExists }),
      notesMore: contentPage(pageHeads.notes, { prefetch: notesListPrefetch, exists: notesListExists, inSitemap: false }),
      note: contentPage(pageHeads.notes, {
        prefetch: ({ slug = '' }) => [notesApi.endpoints.getNote.initiate(slug)],
        inSitemap: false,
        article: noteArticle,
      }),
      news: contentPage(pageHeads.news, { prefetch: newsPagePrefetch, exists: newsPageExists, furtherPages: furtherNewsPages }),
      // Listed in the sitemap as the first page's further pages.
      newsMore: contentPage(pageHeads.news, { prefetch: newsPagePrefetch, exists: newsPageExists, inSitemap: false }),
      talks: contentPage(pageHeads.talks, { prefetch: () => [talksApi.endpoints.getTalks.initiate()], structuredData: ['events'] }),
      teaching: contentPage(pageHeads.teaching, { prefetch: () => [teachingApi.endpoints.getTeaching.initiate()] }),
      onTheWeb: contentPage(pageHeads.onTheWeb),
      follow: contentPage(pageHeads.follow, { inSitemap: false, readsQuery: true }),
      followRequested: contentPage(pageHeads.follow, { inSitemap: false, canonicalPath: paths.follow }),
      about: contentPage(pageHeads.about),
      login: accountPage(pageHeads.login),
      signin: accountPage(pageHeads.login, { canonicalPath: paths.login }),
      register: accountPage(pageHeads.register),
      forgotPassword: accountPage(pageHeads.forgotPassword),
      notFound: contentPage(pageHeads.notFound, { inSitemap: false, canonicalPath: null, status: 404 }),
    };

/**
 * Opt in to React Router 7 behaviour now (and keep its upgrade warnings out of the console).
 * Navigations run in a transition, so the current page stays up while the next one's code loads.
 */
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The app's screens. A screen the server renders says so in its route's `handle` (serverPages above). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: pub.home, handle: serverPages?.home },
      { path: paths.cv, element: pub.cv, handle: serverPages?.cv },
      { path: paths.research, element: pub.research, handle: serverPages?.research },
      // The list filtered by year, type and topic: linkable, but not search results of their own.
      ...paths.researchFilteredPatterns.map((path) => ({
        path,
        element: pub.research,
        handle: serverPages?.researchFiltered,
      })),
      { path: paths.paperPattern, element: pub.paper, handle: serverPages?.paper },
      { path: paths.notes, element: pub.notes, handle: serverPages?.notes },
      // Further pages and tags of the list: reachable from /notes, not search results of their own.
      ...[paths.notesPagePattern, paths.notesTaggedPattern, paths.notesTaggedPagePattern].map((path) => ({
        path,
        element: pub.notes,
        handle: serverPages?.notesMore,
      })),
      { path: paths.notePattern, element: pub.note, handle: serverPages?.note },
      { path: paths.news, element: pub.news, handle: serverPages?.news },
      { path: paths.newsPagePattern, element: pub.news, handle: serverPages?.newsMore },
      { path: paths.talks, element: pub.talks, handle: serverPages?.talks },
      { path: paths.teaching, element: pub.teaching, handle: serverPages?.teaching },
      { path: paths.onTheWeb, element: pub.onTheWeb, handle: serverPages?.onTheWeb },
      // Following by email; /follow?invalid is where the footer's plain form leads with an address the server refused.
      { path: paths.follow, element: follow.page, handle: serverPages?.follow },
      { path: paths.followRequested, element: follow.page, handle: serverPages?.followRequested },
      { path: paths.followConfirmPattern, element: follow.confirm },
      { path: paths.unsubscribePattern, element: follow.unsubscribe },
      { path: paths.confirmEmailPattern, element: auth.confirmEmail },
      { path: paths.about, element: pub.about, handle: serverPages?.about },
      {
        element: <RedirectSignedIn />,
        children: [
          { path: paths.login, element: auth.login, handle: serverPages?.login },
          // The same screen under its second address.
          { path: paths.signin, element: auth.login, handle: serverPages?.signin },
          { path: paths.register, element: auth.register, handle: serverPages?.register },
        ],
      },
      { path: paths.forgotPassword, element: auth.forgot, handle: serverPages?.forgotPassword },
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
              { path: paths.setup, element: staff.setup },
              { path: paths.publications, element: staff.publications },
              { path: paths.manageNews, element: staff.news },
              { path: paths.manageNotes, element: staff.notes },
              { path: paths.manageTeaching, element: staff.teaching },
              { path: paths.newNote, element: staff.noteEditor },
              { path: `${paths.manageNotes}/:id`, element: staff.noteEditor },
              { path: paths.manageTalks, element: staff.talks },
              { path: `${paths.admin}/*`, element: staff.admin },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage />, handle: serverPages?.notFound },
];

/**
 * The screens for the current address (a component router: no data APIs, so a lighter first load),
 * and the focus moved to each new screen's heading. The not-found page the server answered stays
 * the page at its address, whichever screen the address would show.
 */
export function AppRoutes({ routeObjects = routes }: { routeObjects?: RouteObject[] }) {
  const screens = useRoutes(routeObjects);
  const notFound = useServedNotFound();
  return (
    <>
      {notFound ? <NotFoundPage /> : screens}
      <FocusPageHeading />
    </>
  );
}

/** The server-rendered page at an address, the data it shows and the chunks of its screens. */
export const pageAt = (pathname: string, routeObjects: RouteObject[] = routes): MatchedPage =>
  matchPage(routeObjects, pathname, (element) => (element ? chunks.get(element as ReactElement) : undefined));

/** Loads the code of the screens at an address, so that a server-rendered page hydrates in one go. */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.element ? preloads.get(route.element as ReactElement)?.() : undefined)));
}
