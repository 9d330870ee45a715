import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { prefetchPage, serializeState, startingState } from '../../../src/app/preloadedState';
import { pageAt, routes } from '../../../src/app/routes';
import { type MatchedPage, type Prefetch, shellPrefetch, sitemapPaths, type StructuredData } from '../../../src/app/serverPage';
import { type AppStore, makeStore } from '../../../src/app/store';
import { bannerQuery } from '../../../src/features/home/queries';
import { api } from '../../../src/lib/api/apiSlice';
import { imagesApi } from '../../../src/lib/api/imagesApi';
import { publicationsApi } from '../../../src/lib/api/publicationsApi';
import { siteContentApi } from '../../../src/lib/api/siteContentApi';
import { talksApi } from '../../../src/lib/api/talksApi';
import { paths } from '../../../src/lib/paths';
import type { RootState } from '../../../src/lib/state';
import { THEME_COOKIE, type ThemeMode } from '../../../src/lib/theme/themeSlice';
import { DATA_TAGS, type DataTag } from '../../contract/changes';
import type { CurrentContent } from '../../contract/content';
import { CachedBuild } from '../lib/cachedBuild';
import { OTHER_INSTANCES_DELAY_MS } from '../lib/responseCache';
import { findImageRow } from '../repositories/images';
import { allPublishedNotes, findPublishedNote } from '../repositories/notes';
import { findPublicationByKey, listPublications, toPublication } from '../repositories/publications';
import { currentContent } from '../repositories/siteContent';
import { type AssetManifest, buildTime } from './assets';
import { lastChangeIn, sitemapXml } from './crawlers';
import { clientPageHead, htmlDocument } from './document';
import { blogPostingJsonLd, eventsJsonLd, pageHeadTags, personJsonLd, scholarlyArticleHead, scholarlyArticlesJsonLd } from './head';
import { inProcessQuery } from './inProcessQuery';
import { PageAnswer } from './pageAnswer';
import { renderApp } from './render';
import { articleShareImage, shareImage } from './shareImage';

/** Any address the app does not know renders the same not-found page, under this key. */
const NOT_FOUND_LOCATION = '/404';
const MEDIA_PREFIX = '/media/';
const ANSWER_COUNT_INTERVAL_MS = 60_000;
const MAX_ARTICLE_IMAGES = 200;
/** What the share images of notes and papers show: their titles and authors, a cover picture, the owner's name. */
const ARTICLE_IMAGE_DATA: DataTag[] = ['Note', 'Publication', 'Image', 'SiteContent'];
/** Authors named on a paper's share image before "et al.". */
const SHARE_IMAGE_AUTHORS = 3;

interface CachedPage {
  answer: Promise<PageAnswer>;
  /** The answer, once rendered: a hit then answers at once, not a turn later. */
  ready?: PageAnswer;
  /** The address with a query string is drawn by the browser (see ServerPage.readsQuery). */
  readsQuery: boolean;
  /** The kinds of data the page shows; undefined while it renders (any change then drops it). */
  shows?: ReadonlySet<DataTag>;
  /** Set when part of its data failed to load, or when other instances may write: the page is drawn again soon. */
  expires?: number;
}

interface RenderedPage {
  html: string;
  shows: ReadonlySet<DataTag>;
  complete: boolean;
  /** When the data decides it: 404 for a note that is not there, 301 (to `location`) for one under an earlier address. */
  status?: number;
  location?: string;
}

/** The page data the server reads itself, through the endpoints' own selectors (the same cache keys as the pages' calls). */
const select = {
  content: siteContentApi.endpoints.getSiteContent.select(),
  publications: publicationsApi.endpoints.getPublications.select(),
  bannerImages: imagesApi.endpoints.getImages.select(bannerQuery),
  talks: talksApi.endpoints.getTalks.select(),
};

/** The head's structured data of each kind, from the page's data. */
const structuredData: Record<StructuredData, (state: RootState, content: CurrentContent, publicUrl: string) => string> = {
  person: (_state, { content }, publicUrl) => personJsonLd(content, publicUrl),
  scholarlyArticles: (state, _content, publicUrl) => scholarlyArticlesJsonLd(select.publications(state).data ?? [], publicUrl),
  events: (state, { content }, publicUrl) => eventsJsonLd(select.talks(state).data ?? [], content, publicUrl),
};

/**
 * Writes the site's pages. A page's data comes from the endpoint calls its routes declare, run in a
 * fresh store whose queries reach the API in-process. A page is rendered once per change of what it
 * shows (writes announce the kinds of data they changed on `app.changes`, on this instance or another,
 * and a page shows the kinds its queries provide as tags) and cached as the answer every visitor
 * gets (compressed once, headers and ETag included). The sitemap and the share image are cached the
 * same way.
 */
export class PageRenderer {
  private readonly pages = new Map<string, CachedPage>();
  /** Share images of notes and papers by their page's address; unknown ones are cached too (as undefined), within MAX_ARTICLE_IMAGES. */
  private readonly articleImages = new Map<string, Promise<Buffer | undefined>>();
  private readonly sitemapText: CachedBuild<string>;
  private readonly shareImageBytes: CachedBuild<Buffer>;
  private readonly serverQuery;
  private readonly maxAgeMs: number;
  /** Pages answered from the cache since the last count was logged. */
  private answered = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly manifest: AssetManifest,
    private readonly staticDir: string,
  ) {
    this.serverQuery = inProcessQuery(app);
    // With several instances on one database, what is cached here lives at most as long as a cached
    // API answer: an announcement from another instance can be lost.
    this.maxAgeMs = app.dialect === 'postgres' ? OTHER_INSTANCES_DELAY_MS : Number.POSITIVE_INFINITY;
    this.sitemapText = new CachedBuild(this.maxAgeMs);
    this.shareImageBytes = new CachedBuild(this.maxAgeMs);
    app.changes.subscribe(DATA_TAGS, (changed) => this.forget(changed));
    const counting = setInterval(() => this.logAnswerCount(), ANSWER_COUNT_INTERVAL_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(counting);
      this.logAnswerCount();
    });
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const hasQuery = queryAt >= 0 && queryAt < request.url.length - 1;
    const mode: ThemeMode = request.cookies[THEME_COOKIE] === 'dark' ? 'dark' : 'light';
    const key = `${pathname}|${mode}`;
    // A page is cached under its own address only, so a hit needs no matching against the routes.
    let cached = this.fresh(key);
    if (!cached || (cached.readsQuery && hasQuery)) {
      const matched = pageAt(pathname);
      if (matched.unknown) {
        // The year is in the page's footer.
        cached = this.cached(`404|${mode}|${new Date().getFullYear()}`, 404, () => this.renderPage(NOT_FOUND_LOCATION, pageAt(NOT_FOUND_LOCATION), mode));
      } else {
        // Another spelling of a page's address is sent to the page's own: one page, one cache entry.
        if (matched.page && matched.ownPath !== undefined && matched.ownPath !== pathname)
          return reply.redirect(`${matched.ownPath}${queryAt < 0 ? '' : request.url.slice(queryAt)}`, 301);
        const { page } = matched;
        cached =
          page && !(page.readsQuery && hasQuery)
            ? this.cached(key, page.status ?? 200, () => this.renderPage(pathname, matched, mode), page.readsQuery)
            : this.cached(`client|${mode}`, 200, () => this.renderShell(mode));
      }
    }
    if (cached.ready) return this.answer(cached.ready, request, reply);
    return cached.answer.then((answer) => this.answer(answer, request, reply));
  }

  /**
   * Answers a GET for a page ready in the cache straight from Node's request, before Fastify routes it
   * and runs its hooks (see server.ts), and says whether it did. Such a hit only chooses between kept
   * bytes: routing and hooks cost it about a third of its rate (bench/, against a bare route answering
   * the same bytes). Anything else (a query string, a forwarded protocol only Fastify can trust, a page
   * not yet rendered, a 404 or a redirect) is left to Fastify.
   */
  answerBeforeRouting(request: IncomingMessage, response: ServerResponse): boolean {
    const { url, headers } = request;
    if (request.method !== 'GET' || url === undefined || url.includes('?') || headers['x-forwarded-proto'] !== undefined) return false;
    const mode: ThemeMode = headers.cookie !== undefined && this.app.parseCookie(headers.cookie)[THEME_COOKIE] === 'dark' ? 'dark' : 'light';
    const ready = this.fresh(`${url}|${mode}`)?.ready;
    if (!ready || ready.status !== 200) return false;
    this.answered += 1;
    ready.write(request, response, (request.socket as TLSSocket).encrypted === true);
    return true;
  }

  private answer(answer: PageAnswer, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    // A page answered from the cache is counted, and the count logged each minute, rather than logged on a
    // line of its own: the line cost about a tenth of the rate of such answers (bench/), which otherwise
    // only choose between kept bytes. Not-found pages and redirects keep their lines.
    if (answer.status === 200) {
      reply.logged = false;
      this.answered += 1;
    }
    return answer.send(request, reply);
  }

  /** The share image for link previews, made once per change of the banner pictures or the site's words. */
  shareImage(): Promise<Buffer> {
    return this.shareImageBytes.get(() => this.makeShareImage());
  }

  /** The public pages with the time their content last changed, built once per change. */
  sitemap(): Promise<string> {
    return this.sitemapText.get(() => this.makeSitemap());
  }

  private logAnswerCount(): void {
    if (this.answered === 0) return;
    this.app.log.info({ answered: this.answered }, `${this.answered} pages answered from the page cache in the last minute`);
    this.answered = 0;
  }

  /** Drops what shows the changed data, and pages still being drawn, which may have read it before the change. */
  private forget(changed: ReadonlySet<DataTag>): void {
    for (const [key, page] of this.pages) if (!page.shows || [...page.shows].some((tag) => changed.has(tag))) this.pages.delete(key);
    this.sitemapText.drop();
    if (changed.has('Image') || changed.has('Gallery') || changed.has('SiteContent')) this.shareImageBytes.drop();
    if (ARTICLE_IMAGE_DATA.some((tag) => changed.has(tag))) this.articleImages.clear();
  }

  private fresh(key: string): CachedPage | undefined {
    const hit = this.pages.get(key);
    return hit && !(hit.expires && hit.expires < Date.now()) ? hit : undefined;
  }

  private cached(key: string, status: number, render: () => Promise<RenderedPage>, readsQuery = false): CachedPage {
    const hit = this.fresh(key);
    if (hit) return hit;
    const entry = { readsQuery } as CachedPage;
    if (Number.isFinite(this.maxAgeMs)) entry.expires = Date.now() + this.maxAgeMs;
    entry.answer = render().then(
      (rendered) => {
        entry.shows = rendered.shows;
        if (!rendered.complete) entry.expires = Date.now() + OTHER_INSTANCES_DELAY_MS;
        entry.ready = new PageAnswer(rendered.html, rendered.status ?? status, rendered.location ? { location: rendered.location } : {});
        return entry.ready;
      },
      (error: unknown) => {
        if (this.pages.get(key) === entry) this.pages.delete(key);
        throw error;
      },
    );
    this.pages.set(key, entry);
    return entry;
  }

  /** A fresh store holding the answers of the calls, for one use: `draw` runs before its cache is dropped. */
  private async withData<T>(prefetch: Prefetch[], mode: ThemeMode, draw: (store: AppStore, content: CurrentContent) => Promise<T>): Promise<T> {
    const store = makeStore(undefined, { serverQuery: this.serverQuery });
    try {
      await prefetchPage(store, prefetch, mode);
      const content = select.content(store.getState()).data;
      if (!content) throw new Error('The site content could not be read.');
      return await draw(store, content);
    } finally {
      // Drops the cache's expiry timers, which would keep this store alive for a minute.
      store.dispatch(api.util.resetApiState());
    }
  }

  private async renderPage(location: string, matched: MatchedPage, mode: ThemeMode): Promise<RenderedPage> {
    const page = matched.page;
    if (!page) throw new Error(`No server-rendered page at ${location}`);
    return this.withData(matched.prefetch, mode, async (store, content) => {
      const { publicUrl } = this.app.config;
      const state = store.getState();
      const scripts = [...this.manifest.entry, ...matched.chunks.flatMap((chunk) => this.manifest.chunks[chunk] ?? [])];
      const shows = new Set(DATA_TAGS.filter((tag) => api.util.selectInvalidatedBy(state, [tag]).length > 0));
      const complete = Object.values(state.api.queries).every((query) => query?.status === 'fulfilled');
      const article = page.article?.(state, matched.params);
      const missing = (page.article && !article) || (page.exists && !page.exists(state, matched.params));
      // An item found under an earlier address is sent to its own, whose page is the one cached and indexed.
      if (article && article.path !== location) return { html: '', shows, complete, status: 301, location: article.path };
      let head = pageHeadTags(page.head(content.content), content.content, missing ? undefined : matched.canonicalPath, publicUrl, article);
      for (const kind of page.structuredData ?? []) head += structuredData[kind](state, content, publicUrl);
      if (article) head += article.paper ? scholarlyArticleHead(article, article.paper, publicUrl) : blogPostingJsonLd(article, content.content, publicUrl);
      // The route itself draws the not-found message for an item that is not there.
      const status = missing ? 404 : undefined;
      try {
        const { body, styles, state: json } = await renderApp(location, store);
        return { html: htmlDocument({ mode, head, scripts, app: { body, styles }, state: json }), shows, complete, status };
      } catch (error) {
        // The browser can still draw the page itself.
        this.app.log.error({ err: error, location }, 'server rendering failed');
        return { html: htmlDocument({ mode, head, scripts, state: serializeState(startingState(store)) }), shows, complete, status };
      }
    });
  }

  /** The page of a screen the browser draws itself (personal and staff screens), with the data every screen needs. */
  private renderShell(mode: ThemeMode): Promise<RenderedPage> {
    return this.withData(shellPrefetch(), mode, async (store, content) => ({
      html: htmlDocument({ mode, head: clientPageHead(content.content), scripts: this.manifest.entry, state: serializeState(startingState(store)) }),
      shows: new Set<DataTag>(['SiteContent']),
      complete: true,
    }));
  }

  private async makeSitemap(): Promise<string> {
    const built = buildTime(this.staticDir).getTime();
    const entries = [];
    for (const path of sitemapPaths(routes)) {
      const lastModified = await this.withData(pageAt(path).prefetch, 'light', async (store) => lastChangeIn(store.getState().api.queries, built));
      entries.push({ path, lastModified: new Date(lastModified) });
    }
    for (const note of await allPublishedNotes(this.app.db))
      entries.push({ path: paths.note(note.slug), lastModified: new Date(note.revised_at ?? note.published_at ?? note.updated_at) });
    for (const publication of (await listPublications(this.app.db)).map(toPublication))
      entries.push({ path: paths.paper(publication.key), lastModified: new Date(publication.updated_at) });
    return sitemapXml(this.app.config.publicUrl, entries);
  }

  /** A published note's picture for link previews (title, owner, cover), made once per change; undefined when there is no such note. */
  noteShareImage(slug: string): Promise<Buffer | undefined> {
    return this.articleImage(paths.note(slug), () => this.makeNoteShareImage(slug));
  }

  /** A paper's picture for link previews (title, authors), made once per change; undefined when there is no such paper. */
  paperShareImage(key: string): Promise<Buffer | undefined> {
    return this.articleImage(paths.paper(key), () => this.makePaperShareImage(key));
  }

  private articleImage(path: string, make: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
    let image = this.articleImages.get(path);
    if (!image) {
      if (this.articleImages.size >= MAX_ARTICLE_IMAGES) this.articleImages.clear();
      image = make();
      this.articleImages.set(path, image);
      image.catch(() => this.articleImages.delete(path));
    }
    return image;
  }

  private async makeNoteShareImage(slug: string): Promise<Buffer | undefined> {
    const note = await findPublishedNote(this.app.db, slug);
    if (!note || note.slug !== slug) return undefined;
    const [{ content }, cover] = await Promise.all([
      currentContent(this.app.db),
      note.cover_image_id === null ? undefined : findImageRow(this.app.db, note.cover_image_id),
    ]);
    const photo = cover ? await this.app.storage.read(cover.large_key) : undefined;
    return articleShareImage({ title: note.title, byline: content.name, address: new URL(this.app.config.publicUrl).host }, photo);
  }

  private async makePaperShareImage(key: string): Promise<Buffer | undefined> {
    const row = await findPublicationByKey(this.app.db, key);
    const paper = row && toPublication(row);
    if (!paper || paper.key !== key) return undefined;
    const authors = paper.authors.filter((name) => name !== 'others');
    const byline = authors.length > SHARE_IMAGE_AUTHORS ? `${authors[0]} et al.` : authors.join(', ');
    return articleShareImage({ title: paper.title_text, byline, address: new URL(this.app.config.publicUrl).host });
  }

  private makeShareImage(): Promise<Buffer> {
    return this.withData(pageAt(paths.home).prefetch, 'light', async (store, { content }) => {
      const large = select.bannerImages(store.getState()).data?.[0]?.sizes.large;
      const photo = large?.startsWith(MEDIA_PREFIX) ? await this.app.storage.read(large.slice(MEDIA_PREFIX.length)) : undefined;
      return shareImage({ name: content.name, role: content.role, address: new URL(this.app.config.publicUrl).host }, photo);
    });
  }
}
