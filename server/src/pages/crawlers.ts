import { paths } from '../../contract/paths';

/** Screens that are personal or for staff: nothing there for a search engine. */
const PRIVATE_PATHS = [
  paths.dashboard,
  paths.documents,
  paths.photos,
  paths.galleries,
  paths.manageNews,
  paths.manageNotes,
  paths.manageTalks,
  paths.manageTeaching,
  paths.admin,
  paths.setup,
  paths.profile,
  paths.welcome,
  paths.loginFailed,
  paths.appLogin,
  '/reset-password/',
  // Emailed links: one person's each.
  '/confirm-email/',
  '/follow/confirm/',
  '/unsubscribe/',
  '/api/',
  '/backend/',
  '/login-with-token/',
];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export interface SitemapEntry {
  path: string;
  lastModified: Date;
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => `<url><loc>${publicUrl}${path}</loc><lastmod>${lastModified.toISOString()}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

/** Dates in answers are ISO strings under names ending in `_at` (`saved_at`, `uploaded_at`). */
const CHANGE_DATE = /_at$/;
/** Answers nest dates shallowly (a list of items, an item's fields); deeper values are not searched. */
const MAX_DEPTH = 4;

/**
 * The latest change in a page's data: the newest `*_at` date in its answers, or `since` when none is
 * newer (the build, which changes the pages' fixed content).
 */
export function lastChangeIn(data: unknown, since: number, depth = 0): number {
  if (depth > MAX_DEPTH || data === null || typeof data !== 'object') return since;
  let latest = since;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && CHANGE_DATE.test(key)) {
      const time = Date.parse(value);
      if (time > latest) latest = time;
    } else if (typeof value === 'object') {
      latest = lastChangeIn(value, latest, depth + 1);
    }
  }
  return latest;
}
