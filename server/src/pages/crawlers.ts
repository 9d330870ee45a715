import { paths } from '../../../src/lib/paths';

/** Screens that are personal or for staff: nothing there for a search engine. */
const PRIVATE_PATHS = [
  paths.dashboard,
  paths.documents,
  paths.photos,
  paths.galleries,
  paths.admin,
  paths.profile,
  paths.welcome,
  paths.loginFailed,
  paths.appLogin,
  '/reset-password/',
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
