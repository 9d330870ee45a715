import katexPackage from 'katex/package.json';

/** What the research list can be filtered by, in the order its addresses name them. */
export const RESEARCH_FILTERS = ['year', 'type', 'topic'] as const;
export type ResearchFilter = Partial<Record<(typeof RESEARCH_FILTERS)[number], string>>;

/** Every address the SPA links to or calls, built in one place (with the staff screens' calls in staffApiPaths.ts). */
/**
 * KaTeX's stylesheet (its font-display: swap variant) and fonts, copied from the katex package by the
 * SPA's build under its version (so that browsers may keep them for good): screens whose HTML holds
 * KaTeX's output load it, others never do.
 */
const KATEX_VERSION = katexPackage.version;
export const KATEX_STYLESHEET = `/katex/${KATEX_VERSION}/katex.min.css`;
export const KATEX_FONTS = `/katex/${KATEX_VERSION}/fonts/`;
/**
 * The stylesheet's font faces alone, beside it: a list page (or a paper's) carries the rest inline and has
 * these added once it has painted (public/boot.js). Fonts fetched for the first layout competed with the
 * page itself on a phone's connection (0.2–0.4 s of first paint); formulas in titles and abstracts are
 * drawn in the browser's fonts until they arrive, as they would be while any swapped font loads.
 */
export const KATEX_FONT_FACES = `/katex/${KATEX_VERSION}/katex-fonts.css`;
/** An `@font-face` rule of KaTeX's minified stylesheet (none holds a nested brace). */
export const KATEX_FONT_FACE_RULE = /@font-face\{[^}]*\}/g;
/**
 * The element in which a server-rendered page with formulas carries the same styles inline, in its head:
 * a stylesheet fetched before the first paint cost a phone a round trip (about 0.2 s of LCP).
 */
export const KATEX_INLINE_STYLES_ID = 'katex-styles';
/**
 * The fonts nearly every formula uses (letters, digits, operators): fetched beside the stylesheet, they are
 * there for the first paint, so text does not reflow (and wrap anew) when they arrive.
 */
export const KATEX_FIRST_FONTS = ['KaTeX_Main-Regular.woff2', 'KaTeX_Math-Italic.woff2'].map((font) => `${KATEX_FONTS}${font}`);
/** Whether HTML holds mathematics typeset by KaTeX (server/src/lib/math.ts). */
export const hasTypesetMath = (html: string) => html.includes('<span class="katex">');

export const paths = {
  home: '/',
  cv: '/cv',
  onTheWeb: '/on-the-web',
  about: '/about',
  login: '/login',
  signin: '/signin',
  register: '/register',
  registered: '/login?registrationSuccess=true',
  /** Where a session that could not be renewed ends up: the sign-in screen, saying why. */
  sessionEnded: '/signin?session=ended',
  forgotPassword: '/forgot-password',
  resetPassword: (uidb64: string, token: string) => `/reset-password/${uidb64}/${token}`,
  resetPasswordPattern: '/reset-password/:uidb64/:token',
  profile: '/profile',
  dashboard: '/dashboard',
  documents: '/documents',
  photos: '/photos',
  galleries: '/galleries',
  admin: '/admin',
  adminAudit: '/admin/audit',
  adminSecurity: '/admin/security',
  appLogin: '/app-login',
  welcome: '/welcome',
  loginFailed: '/login-failed',
  siteContent: '/site-content',
  /** The owner's first-sign-in setup. */
  setup: '/setup',
  research: '/research',
  /** The research list with some filters set: /research/year/2024/type/journal-article/topic/volatility, in that order. */
  researchFiltered: (filter: ResearchFilter) => {
    const parts = RESEARCH_FILTERS.flatMap((facet) => (filter[facet] === undefined ? [] : [facet, encodeURIComponent(filter[facet])]));
    return parts.length > 0 ? `/research/${parts.join('/')}` : '/research';
  },
  /** Every combination of filters the list's address can carry. */
  researchFilteredPatterns: RESEARCH_FILTERS.reduce<string[][]>((sets, facet) => [...sets, ...sets.map((set) => [...set, facet])], [[]])
    .filter((set) => set.length > 0)
    .map((set) => `/research/${set.map((facet) => `${facet}/:${facet}`).join('/')}`),
  paper: (key: string) => `/research/${encodeURIComponent(key)}`,
  paperPattern: '/research/:key',
  paperShareImage: (key: string) => `/research/${encodeURIComponent(key)}/share-image.png`,
  publications: '/publications',
  news: '/news',
  newsPage: (page: number) => (page > 1 ? `/news/page/${page}` : '/news'),
  newsPagePattern: '/news/page/:page',
  manageNews: '/manage-news',
  notes: '/notes',
  notesPage: (page: number) => (page > 1 ? `/notes/page/${page}` : '/notes'),
  notesPagePattern: '/notes/page/:page',
  notesTagged: (tag: string) => `/notes/tag/${encodeURIComponent(tag)}`,
  notesTaggedPattern: '/notes/tag/:tag',
  notesTaggedPage: (tag: string, page: number) => `/notes/tag/${encodeURIComponent(tag)}${page > 1 ? `/page/${page}` : ''}`,
  notesTaggedPagePattern: '/notes/tag/:tag/page/:page',
  note: (slug: string) => `/notes/${encodeURIComponent(slug)}`,
  notePattern: '/notes/:slug',
  noteShareImage: (slug: string) => `/notes/${encodeURIComponent(slug)}/share-image.png`,
  manageNotes: '/manage-notes',
  newNote: '/manage-notes/new',
  editNote: (id: number) => `/manage-notes/${id}`,
  talks: '/talks',
  /** A talk on the Talks page (which has one anchor per talk). */
  talk: (id: number) => `/talks#talk-${id}`,
  manageTalks: '/manage-talks',
  teaching: '/teaching',
  manageTeaching: '/manage-teaching',
  atomFeed: '/feed.xml',
  jsonFeed: '/feed.json',
  follow: '/follow',
  /** Where the footer's plain follow form leads once the address is taken. */
  followRequested: '/follow/requested',
  followConfirm: (token: string) => `/follow/confirm/${encodeURIComponent(token)}`,
  followConfirmPattern: '/follow/confirm/:token',
  /** The unsubscribe link of follower mail: this page, and the one-click POST of RFC 8058 at the same address. */
  unsubscribe: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  unsubscribePattern: '/unsubscribe/:token',
  confirmEmail: (uidb64: string, token: string) => `/confirm-email/${uidb64}/${token}`,
  confirmEmailPattern: '/confirm-email/:uidb64/:token',
} as const;

/**
 * Where the admin-backend links (account menu, dashboard) lead: the in-app administration area,
 * unless ADMIN_URL names another address when the SPA is built.
 */
export const adminBackendUrl: string = process.env.ADMIN_URL || paths.admin;

/** Server calls (those of staff screens only are in staffApiPaths.ts). */
export const apiPaths = {
  notes: '/api/notes/',
  note: (slug: string) => `/api/notes/${encodeURIComponent(slug)}/`,
  tokenRefresh: '/api/token/refresh/',
  profile: '/api/users/profile/',
  login: '/api/users/login/',
  logout: '/api/users/logout/',
  register: '/api/users/register/',
  forgotPassword: '/backend/forgotpasswordreset/',
  resetPasswordConfirm: (uidb64: string, token: string) => `/backend/password-reset-confirm/${uidb64}/${token}/`,
  loginWithToken: '/login-with-token/',
  csrf: '/api/csrf/',
  changePassword: '/api/users/change-password/',
  sessions: '/api/users/sessions/',
  session: (id: number) => `/api/users/sessions/${id}/`,
  revokeAllSessions: '/api/users/sessions/revoke-all/',
  passkeys: '/api/users/passkeys/',
  passkey: (id: number) => `/api/users/passkeys/${id}/`,
  passkeyRegistration: '/api/users/passkeys/registration/',
  passkeySignInOptions: '/api/users/passkeys/sign-in/options/',
  passkeySignIn: '/api/users/passkeys/sign-in/',
  recoveryCodes: '/api/users/recovery-codes/',
  images: '/api/photos/images/',
  currentCv: '/api/documents/documents/current_cv/',
  siteContent: '/api/site-content/',
  publications: '/api/publications/',
  selectedPapers: '/api/publications/selected/',
  paper: (key: string) => `/api/publications/papers/${encodeURIComponent(key)}/`,
  paperCitation: (key: string, format: string) => `/api/publications/papers/${encodeURIComponent(key)}/cite/${format}/`,
  news: '/api/news/',
  /** The news a page at a time, for /news. */
  newsPages: '/api/news/pages/',
  talks: '/api/talks/',
  teaching: '/api/teaching/',
  follow: '/api/follow/',
  followConfirm: '/api/follow/confirm/',
  followChoices: '/api/follow/choices/',
  confirmEmail: '/api/users/confirm-email/',
  resendConfirmation: '/api/users/confirm-email/resend/',
} as const;

/** The banner gallery on the home page. */
export const BANNER_GALLERY_SLUG = 'page-logos';
