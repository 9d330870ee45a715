/** Every address the SPA links to or calls, built in one place. */
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
  appLogin: '/app-login',
  welcome: '/welcome',
  loginFailed: '/login-failed',
  siteContent: '/site-content',
  research: '/research',
  publications: '/publications',
  news: '/news',
} as const;

/**
 * Where the admin-backend links (account menu, dashboard) lead: the in-app administration area,
 * unless ADMIN_URL names another address when the SPA is built.
 */
export const adminBackendUrl: string = process.env.ADMIN_URL || paths.admin;

/** Server calls. */
export const apiPaths = {
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
  galleries: '/api/photos/galleries/',
  galleryUpdate: (id: number) => `/api/photos/galleries/update/${id}/`,
  gallery: (id: number) => `/api/photos/galleries/${id}/`,
  images: '/api/photos/images/',
  image: (id: number) => `/api/photos/images/${id}/`,
  categories: '/api/documents/categories/',
  documents: '/api/documents/documents/',
  document: (id: number) => `/api/documents/documents/${id}/`,
  currentCv: '/api/documents/documents/current_cv/',
  downloadStats: '/api/documents/downloads/',
  adminUsers: '/api/admin/users/',
  adminUser: (id: number) => `/api/admin/users/${id}/`,
  adminUserSignOut: (id: number) => `/api/admin/users/${id}/sign-out/`,
  adminAudit: '/api/admin/audit/',
  siteContent: '/api/site-content/',
  siteContentVersions: '/api/site-content/versions/',
  siteContentRestore: (id: number) => `/api/site-content/versions/${id}/restore/`,
  publications: '/api/publications/',
  publicationImportPreview: '/api/publications/import/preview/',
  publicationImport: '/api/publications/import/',
  publicationOrder: '/api/publications/order/',
  publication: (id: number) => `/api/publications/${id}/`,
  news: '/api/news/',
  newsItem: (id: number) => `/api/news/${id}/`,
} as const;

/** The banner gallery on the home page. */
export const BANNER_GALLERY_SLUG = 'page-logos';
