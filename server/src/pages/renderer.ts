import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { PublicData } from '../../../src/app/preloadedState';
import { isUnknownPath, notFoundPage, type ServerPage, serverPages } from '../../../src/app/serverPages';
import { apiPaths, BANNER_GALLERY_SLUG, paths } from '../../../src/lib/paths';
import { THEME_COOKIE, type ThemeMode } from '../../../src/lib/theme/themeSlice';
import type { Document, Image } from '../../contract';
import type { CurrentContent } from '../../contract/content';
import type { Publication } from '../../contract/publications';
import { type AssetManifest, buildTime } from './assets';
import { type SitemapEntry, sitemapXml } from './crawlers';
import { clientPageHead, htmlDocument, NONCE } from './document';
import { pageHeadTags, personJsonLd, scholarlyArticlesJsonLd } from './head';
import { PageTemplate } from './pageTemplate';
import { renderApp, startingState } from './render';
import { shareImage } from './shareImage';

/** Any address the app does not know renders the same not-found page, under this key. */
const NOT_FOUND_LOCATION = '/404';
const MEDIA_PREFIX = '/media/';

/**
 * Writes the site's pages. A page is rendered once per change of what it shows (media writes,
 * on this instance or another, are announced on `app.changes`) and kept as a template around its
 * CSP nonce (compressed once), so an answer only fills in a fresh nonce.
 */
export class PageRenderer {
  private readonly kept = new Map<string, Promise<PageTemplate>>();
  private shareImageBytes: Promise<Buffer> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly manifest: AssetManifest,
    private readonly staticDir: string,
  ) {
    const forget = () => {
      this.kept.clear();
      this.shareImageBytes = undefined;
    };
    app.changes.subscribe('media', forget);
    app.changes.subscribe('content', forget);
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const hasQuery = queryAt >= 0 && queryAt < request.url.length - 1;
    const mode: ThemeMode = request.cookies[THEME_COOKIE] === 'dark' ? 'dark' : 'light';
    let template: PageTemplate;
    let status = 200;
    const page = serverPages[pathname];
    if (page && !(page.readsQuery && hasQuery)) {
      template = await this.keep(`${pathname}|${mode}`, () => this.renderPage(pathname, page, mode));
    } else if (!page && isUnknownPath(pathname)) {
      status = 404;
      // The year is in the page's footer.
      template = await this.keep(`404|${mode}|${new Date().getFullYear()}`, () => this.renderPage(NOT_FOUND_LOCATION, notFoundPage, mode));
    } else {
      template = await this.keep(`client|${mode}`, async () => {
        const data = await this.publicData(undefined);
        return htmlDocument({ mode, head: clientPageHead(data.siteContent.content), scripts: this.manifest.entry, state: await startingState(data, mode) });
      });
    }
    const nonce = reply.usePageCsp();
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(template.gzip(nonce));
    return reply.send(template.text(nonce));
  }

  /** The share image for link previews, made once per change of the banner pictures. */
  shareImage(): Promise<Buffer> {
    if (!this.shareImageBytes) {
      const made = this.makeShareImage();
      made.catch(() => {
        if (this.shareImageBytes === made) this.shareImageBytes = undefined;
      });
      this.shareImageBytes = made;
    }
    return this.shareImageBytes;
  }

  /** The public pages with the time their content last changed. */
  async sitemap(): Promise<string> {
    const built = buildTime(this.staticDir);
    const entries: SitemapEntry[] = [];
    for (const [path, page] of Object.entries(serverPages)) {
      if (!page.inSitemap) continue;
      const data = await this.publicData(page);
      const changed = [built, new Date(data.siteContent.saved_at), ...(data.bannerImages ?? []).map((image) => new Date(image.uploaded_at))];
      if (data.currentCv) changed.push(new Date(data.currentCv.uploaded_at));
      entries.push({ path, lastModified: new Date(Math.max(...changed.map((date) => date.getTime()))) });
    }
    return sitemapXml(this.app.config.publicUrl, entries);
  }

  private keep(key: string, make: () => Promise<string>): Promise<PageTemplate> {
    let template = this.kept.get(key);
    if (!template) {
      const made = make().then((html) => new PageTemplate(html.split(NONCE)));
      made.catch(() => {
        if (this.kept.get(key) === made) this.kept.delete(key);
      });
      this.kept.set(key, made);
      template = made;
    }
    return template;
  }

  private async renderPage(location: string, page: ServerPage, mode: ThemeMode): Promise<string> {
    const { publicUrl } = this.app.config;
    const scripts = [...this.manifest.entry, ...(page.chunk ? (this.manifest.chunks[page.chunk] ?? []) : [])];
    const data = await this.publicData(page);
    const content = data.siteContent.content;
    let head = pageHeadTags(page.head(content), content, page.canonicalPath, publicUrl);
    if (location === paths.home) head += personJsonLd(content, publicUrl);
    if (data.publications) head += scholarlyArticlesJsonLd(data.publications, publicUrl);
    try {
      const { body, styles, state } = await renderApp(location, data, mode);
      return htmlDocument({ mode, head, scripts, app: { body, styles }, state });
    } catch (error) {
      // The browser can still draw the page itself.
      this.app.log.error({ err: error, location }, 'server rendering failed');
      return htmlDocument({ mode, head, scripts, state: await startingState(data, mode) });
    }
  }

  /** What the page shows at once, from the same kept answers the API gives. */
  private async publicData(page: ServerPage | undefined): Promise<PublicData & { siteContent: CurrentContent }> {
    const siteContent = await this.read<CurrentContent>(apiPaths.siteContent);
    if (!siteContent) throw new Error('The site content could not be read.');
    const data: PublicData & { siteContent: CurrentContent } = { siteContent };
    if (!page) return data;
    if (page.needs.includes('bannerImages'))
      data.bannerImages = (await this.read<Image[]>(`${apiPaths.images}?gallery_slug=${BANNER_GALLERY_SLUG}`)) ?? undefined;
    if (page.needs.includes('publications')) data.publications = (await this.read<Publication[]>(apiPaths.publications)) ?? undefined;
    if (page.needs.includes('currentCv')) data.currentCv = await this.read<Document>(apiPaths.currentCv, null);
    return data;
  }

  /** An answer of the API; `notFound` stands for a 404, and any other failure leaves the browser to ask. */
  private async read<T>(url: string, notFound?: null): Promise<T | null | undefined> {
    const response = await this.app.inject({ method: 'GET', url });
    if (response.statusCode === 404) return notFound;
    return response.statusCode === 200 ? (response.json() as T) : undefined;
  }

  private async makeShareImage(): Promise<Buffer> {
    const images = (await this.read<Image[]>(`${apiPaths.images}?gallery_slug=${BANNER_GALLERY_SLUG}`)) ?? [];
    const large = images[0]?.sizes.large;
    const photo = large?.startsWith(MEDIA_PREFIX) ? await this.app.storage.read(large.slice(MEDIA_PREFIX.length)) : undefined;
    const { content } = (await this.read<CurrentContent>(apiPaths.siteContent)) ?? {};
    if (!content) throw new Error('The site content could not be read.');
    return shareImage({ name: content.name, role: content.role, address: new URL(this.app.config.publicUrl).host }, photo);
  }
}
