import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Document, Image } from '../../contract';
import type { PublicData } from '../../../src/app/preloadedState';
import { isUnknownPath, notFoundPage, serverPages, type ServerPage } from '../../../src/app/serverPages';
import { site } from '../../../src/content/site';
import { apiPaths, BANNER_GALLERY_SLUG } from '../../../src/lib/paths';
import { THEME_COOKIE, type ThemeMode } from '../../../src/lib/theme/themeSlice';
import { buildTime, type AssetManifest } from './assets';
import { sitemapXml, type SitemapEntry } from './crawlers';
import { clientPageHead, htmlDocument, NONCE } from './document';
import { pageHeadTags, personJsonLd } from './head';
import { renderApp } from './render';
import { shareImage } from './shareImage';

/** Any address the app does not know renders the same not-found page, under this key. */
const NOT_FOUND_LOCATION = '/404';
const MEDIA_PREFIX = '/media/';


/**
 * Writes the site's pages. A page is rendered once per change of what it shows (media writes
 * are announced on `app.changes`) and kept split around its CSP nonce, so an answer only joins
 * the kept parts with a fresh nonce.
 */
export class PageRenderer {
  private readonly kept = new Map<string, Promise<string[]>>();
  private shareImageBytes: Promise<Buffer> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly manifest: AssetManifest,
    private readonly staticDir: string,
  ) {
    app.changes.subscribe('media', () => {
      this.kept.clear();
      this.shareImageBytes = undefined;
    });
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { pathname, search } = new URL(request.url, 'http://site');
    const mode: ThemeMode = request.cookies[THEME_COOKIE] === 'dark' ? 'dark' : 'light';
    let parts: string[];
    let status = 200;
    const page = serverPages[pathname];
    if (page && !(page.readsQuery && search)) {
      parts = await this.keep(`${pathname}|${mode}`, () => this.renderPage(pathname, page, mode));
    } else if (!page && isUnknownPath(pathname)) {
      status = 404;
      // The year is in the page's footer.
      parts = await this.keep(`404|${mode}|${new Date().getFullYear()}`, () => this.renderPage(NOT_FOUND_LOCATION, notFoundPage, mode));
    } else {
      parts = await this.keep(`client|${mode}`, async () => htmlDocument({ mode, head: clientPageHead(), scripts: this.manifest.entry }));
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(parts.join(reply.usePageCsp()));
  }

  /** The share image for link previews, made once per change of the banner pictures. */
  shareImage(): Promise<Buffer> {
    this.shareImageBytes ??= this.makeShareImage().catch((error: unknown) => {
      this.shareImageBytes = undefined;
      throw error;
    });
    return this.shareImageBytes;
  }

  /** The public pages with the time their content last changed. */
  async sitemap(): Promise<string> {
    const built = buildTime(this.staticDir);
    const entries: SitemapEntry[] = [];
    for (const [path, page] of Object.entries(serverPages)) {
      if (!page.inSitemap) continue;
      const data = await this.publicData(page);
      const changed = [built, ...(data.bannerImages ?? []).map((image) => new Date(image.uploaded_at))];
      if (data.currentCv) changed.push(new Date(data.currentCv.uploaded_at));
      entries.push({ path, lastModified: new Date(Math.max(...changed.map((date) => date.getTime()))) });
    }
    return sitemapXml(this.app.config.publicUrl, entries);
  }

  private keep(key: string, make: () => Promise<string>): Promise<string[]> {
    let parts = this.kept.get(key);
    if (!parts) {
      parts = make().then((html) => html.split(NONCE));
      this.kept.set(key, parts);
      parts.catch(() => this.kept.delete(key));
    }
    return parts;
  }

  private async renderPage(location: string, page: ServerPage, mode: ThemeMode): Promise<string> {
    const { publicUrl } = this.app.config;
    const scripts = [...this.manifest.entry, ...(page.chunk ? (this.manifest.chunks[page.chunk] ?? []) : [])];
    let head = pageHeadTags(page.head, page.canonicalPath, publicUrl);
    if (location === '/') head += personJsonLd(publicUrl);
    try {
      const app = await renderApp(location, await this.publicData(page), mode);
      return htmlDocument({ mode, head, scripts, app });
    } catch (error) {
      // The browser can still draw the page itself.
      this.app.log.error({ err: error, location }, 'server rendering failed');
      return htmlDocument({ mode, head, scripts });
    }
  }

  /** What the page shows at once, from the same kept answers the API gives. */
  private async publicData(page: ServerPage): Promise<PublicData> {
    const data: PublicData = {};
    if (page.needs.includes('bannerImages')) data.bannerImages = await this.read<Image[]>(`${apiPaths.images}?gallery_slug=${BANNER_GALLERY_SLUG}`);
    if (page.needs.includes('currentCv')) data.currentCv = await this.read<Document>(apiPaths.currentCv);
    return data;
  }

  private async read<T>(url: string): Promise<T | undefined> {
    const response = await this.app.inject({ method: 'GET', url });
    return response.statusCode === 200 ? (response.json() as T) : undefined;
  }

  private async makeShareImage(): Promise<Buffer> {
    const images = (await this.read<Image[]>(`${apiPaths.images}?gallery_slug=${BANNER_GALLERY_SLUG}`)) ?? [];
    const large = images[0]?.sizes.large;
    const photo = large?.startsWith(MEDIA_PREFIX) ? await this.app.storage.read(large.slice(MEDIA_PREFIX.length)) : undefined;
    return shareImage({ name: site.name, role: site.role, address: new URL(this.app.config.publicUrl).host }, photo);
  }
}
