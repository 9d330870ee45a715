import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

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
import type { RootState } from '../../../src/lib/state';
import { THEME_COOKIE, type ThemeMode, themeRestored } from '../../../src/lib/theme/themeSlice';
import { DATA_TAGS, type DataTag } from '../../contract/changes';
import type { CurrentContent } from '../../contract/content';
import { resolveContent } from '../../contract/identity';
import { paths } from '../../contract/paths';
import { CachedBuild } from '../lib/cachedBuild';
import { ChangeBoundCache, OTHER_INSTANCES_DELAY_MS } from '../lib/changeBoundCache';
import { paperKey } from '../publications/facets';
import { findImageRow } from '../repositories/images';
import { allPublishedNotes, findPublishedNote } from '../repositories/notes';
import { findPublicationByKey, listListedPublications, toPublication } from '../repositories/publications';
import { currentContent } from '../repositories/siteContent';
import { type AssetManifest, buildTime } from './assets';
import { lastChangeIn, sitemapXml } from './crawlers';
import { clientPageHead, htmlDocument } from './document';
import { blogPostingJsonLd, eventsJsonLd, pageHeadTags, personJsonLd, scholarlyArticleHead, scholarlyArticlesJsonLd } from './head';
import { InProcessQuery } from './inProcessQuery';
import { PageAnswer } from './pageAnswer';
import { renderApp } from './render';
import { articleShareImage, shareImage } from './shareImage';

/** Every address that names nothing is answered with the one not-found page, rendered at this address. */
const NOT_FOUND_LOCATION = '/404';
const MEDIA_PREFIX = '/media/';
const ANSWER_COUNT_INTERVAL_MS = 60_000;
const MB = 1024 * 1024;
/** Memory the share images of notes and papers may take in all; the least recently asked for go first. */
const ARTICLE_IMAGES_BYTES = 16 * MB;
/** What the share images of notes and papers show: their titles and authors, a cover picture, the owner's name. */
const ARTICLE_IMAGE_DATA: DataTag[] = ['Note', 'Publication', 'Image', 'SiteContent'];
/** Pages whose data is cached (see PageRenderer.pageData), and the characters of those pages in all. */
const PAGE_DATA_ENTRIES = 500;
const PAGE_DATA_CHARS = 16 * MB;
/** Authors named on a paper's share image before "et al.". */
const SHARE_IMAGE_AUTHORS = 3;

interface CachedPage {
  /** The page's answer, or the not-found page's when the address names nothing. */
  answer: Promise<PageAnswer>;
  /** The answer, once rendered: a hit then answers at once, not a turn later. */
  ready?: PageAnswer;
  /** The address with a query string is drawn by the browser (see ServerPage.readsQuery). */
  readsQuery: boolean;
  /** The kinds of data the page shows; undefined while it renders. */
  shows?: ReadonlySet<DataTag>;
  /** Set when part of its data failed to load, or when other instances may write: the page is drawn again soon. */
  expires?: number;
}

interface RenderedPage {
  html: string;
  /** Long texts the page shows (see PageAnswer). */
  shown?: string[];
  shows: ReadonlySet<DataTag>;
  complete: boolean;
  /** When the data decides it: 301 (to `location`) for an item under an earlier address. */
  status?: number;
  location?: string;
}

/** A request's address as the page cache reads it. */
interface Address {
  pathname: string;
  /** The query string with its `?`, or nothing. */
  search: string;
  hasQuery: boolean;
  mode: ThemeMode;
  /** The page's key in the cache: its address and theme. */
  key: string;
}

/** A page to answer: kept under `key`, or rendered (`render` answers undefined when the address names nothing). */
interface PagePlan {
  key: string;
  status: number;
  render: () => Promise<RenderedPage | undefined>;
  readsQuery: boolean;
}

type Plan = PagePlan | { redirect: string };

/** The request's address; `cookies` as the cookie plugin reads them (not yet read when load shedding asks). */
function addressOf(request: FastifyRequest, cookies: Record<string, string | undefined>): Address {
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const mode: ThemeMode = cookies[THEME_COOKIE] === 'dark' ? 'dark' : 'light';
  return {
    pathname,
    search: queryAt < 0 ? '' : request.url.slice(queryAt),
    hasQuery: queryAt >= 0 && queryAt < request.url.length - 1,
    mode,
    key: `${pathname}|${mode}`,
  };
}

/** The page data the server reads itself, through the endpoints' own selectors (the same cache keys as the pages' calls). */
const select = {
  content: siteContentApi.endpoints.getSiteContent.select(),
  publications: publicationsApi.endpoints.getPublications.select(),
  bannerImages: imagesApi.endpoints.getImages.select(bannerQuery),
  talks: talksApi.endpoints.getTalks.select(),
};

/** The site's words, which every page shows, from the store that fetched them, with their references to the owner's identity filled in. */
function siteContentIn(store: AppStore): CurrentContent {
  const content = select.content(store.getState()).data;
  if (!content) throw new Error('The site content could not be read.');
  return { ...content, content: resolveContent(content.content) };
}

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
 * gets (compressed once, headers and ETag included), within PAGE_CACHE_MB. An address that names
 * nothing (unknown, or a note, paper or tag that is not there) is answered with the not-found page and
 * keeps nothing. The sitemap and the share image are cached the same way.
 */
export class PageRenderer {
  /** Rendered pages, within PAGE_CACHE_MB: the least recently asked for go first. */
  private readonly pages: LRUCache<string, CachedPage>;
  /** Pages being rendered: a request for one meanwhile waits for the same rendering. */
  private readonly drawing = new Map<string, CachedPage>();
  /** Share images of notes and papers by their page's address; an address naming nothing is not kept. */
  private readonly articleImages = new LRUCache<string, Buffer>({ maxSize: ARTICLE_IMAGES_BYTES, sizeCalculation: (image) => image.length });
  /** Share images being made: a request for one meanwhile waits for the same one. */
  private readonly makingImages = new Map<string, Promise<Buffer | undefined>>();
  private readonly sitemapText: CachedBuild<string>;
  private readonly shareImageBytes: CachedBuild<Buffer>;
  private readonly serverQuery;
  /**
   * The data of recently rendered pages, as their stores held it once their calls were answered: the
   * page rendered again (dropped from the page cache, or asked for in the other theme) starts from it
   * rather than running its endpoint calls, a fifth of its rendering. Sized by the page's characters,
   * which show every text of its data once.
   */
  private readonly pageData = new ChangeBoundCache<RootState['api']>({ max: PAGE_DATA_ENTRIES, maxSize: PAGE_DATA_CHARS });
  /**
   * Addresses recently matched against the routes, which costs about a twentieth of a rendering: a page
   * to render is matched twice under load (answersWithoutRendering, then send). Bounded by the length of
   * the addresses, which visitors choose.
   */
  private readonly matches = new LRUCache<string, MatchedPage>({ maxSize: 256 * 1024, sizeCalculation: (_match, pathname) => pathname.length + 100 });
  private readonly maxAgeMs: number;
  /** Pages answered from the cache since the last count was logged. */
  private answered = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly manifest: AssetManifest,
    private readonly staticDir: string,
  ) {
    this.serverQuery = new InProcessQuery(app);
    this.pages = new LRUCache({ maxSize: Math.max(1, Math.round(app.config.pageCacheMb * MB)), sizeCalculation: (page) => page.ready?.bytes ?? 1 });
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
    const address = addressOf(request, request.cookies);
    let cached = this.keptFor(address);
    if (!cached) {
      const plan = this.plan(address);
      if ('redirect' in plan) return reply.redirect(plan.redirect, 301);
      cached = this.cached(plan, address.mode);
    }
    if (cached.ready) return this.answer(cached.ready, request, reply);
    return cached.answer.then((answer) => this.answer(answer, request, reply));
  }

  /** Whether the request is answered without rendering (a kept page, the not-found page, a redirect): what a busy server still answers. */
  answersWithoutRendering(request: FastifyRequest): boolean {
    const { cookie } = request.headers;
    const address = addressOf(request, request.cookies ?? (cookie === undefined ? {} : this.app.parseCookie(cookie)));
    if (this.keptFor(address)) return true;
    const plan = this.plan(address);
    return 'redirect' in plan || this.fresh(plan.key) !== undefined;
  }

  /** The kept page for the address: a page is cached under its own address only, so a hit needs no matching against the routes. */
  private keptFor({ key, hasQuery }: Address): CachedPage | undefined {
    const kept = this.fresh(key);
    return kept && !(kept.readsQuery && hasQuery) ? kept : undefined;
  }

  /** What answers an address that is not a kept page: the page to render (kept under `key`), or the page's own address. */
  private plan({ pathname, search, hasQuery, mode, key }: Address): Plan {
    const matched = this.match(pathname);
    if (matched.unknown) return this.notFoundPlan(mode);
    // Another spelling of a page's address is sent to the page's own: one page, one cache entry.
    if (matched.page && matched.ownPath !== undefined && matched.ownPath !== pathname) return { redirect: `${matched.ownPath}${search}` };
    const { page } = matched;
    if (page && !(page.readsQuery && hasQuery))
      return { key, status: page.status ?? 200, render: () => this.renderPage(pathname, matched, mode), readsQuery: page.readsQuery };
    return { key: `client|${mode}`, status: 200, render: () => this.renderShell(mode), readsQuery: false };
  }

  private match(pathname: string): MatchedPage {
    let matched = this.matches.get(pathname);
    if (!matched) {
      matched = pageAt(pathname);
      this.matches.set(pathname, matched);
    }
    return matched;
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

  /** What the page cache holds: its pages (the not-found page included) and their bytes. */
  cacheUse(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
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

  /** Drops what shows the changed data, and pages still being drawn, which may have read it before the change (they are not kept). */
  private forget(changed: ReadonlySet<DataTag>): void {
    this.serverQuery.clear();
    this.pageData.clear();
    const stale = [...this.pages.entries()].filter(([, page]) => !page.shows || [...page.shows].some((tag) => changed.has(tag)));
    for (const [key] of stale) this.pages.delete(key);
    this.drawing.clear();
    this.sitemapText.drop();
    if (changed.has('Image') || changed.has('Gallery') || changed.has('SiteContent')) this.shareImageBytes.drop();
    if (ARTICLE_IMAGE_DATA.some((tag) => changed.has(tag))) {
      this.articleImages.clear();
      this.makingImages.clear();
    }
  }

  private fresh(key: string): CachedPage | undefined {
    const hit = this.pages.get(key);
    return hit && !(hit.expires && hit.expires < Date.now()) ? hit : undefined;
  }

  /** The not-found page, rendered once per change of what it shows (the year is in its footer), for every address that names nothing. */
  private notFoundPlan(mode: ThemeMode): PagePlan {
    return {
      key: `404|${mode}|${new Date().getFullYear()}`,
      status: 404,
      render: () => this.renderPage(NOT_FOUND_LOCATION, pageAt(NOT_FOUND_LOCATION), mode),
      readsQuery: false,
    };
  }

  /**
   * The page under the key: kept, being rendered, or rendered now. `render` answers undefined when the
   * address names nothing (a note that is not there): the not-found page answers it, and nothing is
   * kept, so that addresses naming nothing cost no memory however many are asked for.
   */
  private cached({ key, status, render, readsQuery }: PagePlan, mode: ThemeMode): CachedPage {
    const hit = this.fresh(key) ?? this.drawing.get(key);
    if (hit) return hit;
    const entry = { readsQuery } as CachedPage;
    if (Number.isFinite(this.maxAgeMs)) entry.expires = Date.now() + this.maxAgeMs;
    entry.answer = render().then(
      (rendered) => {
        // A change announced meanwhile dropped the drawing: its answer is sent, not kept.
        const current = this.drawing.get(key) === entry;
        if (current) this.drawing.delete(key);
        if (!rendered) {
          const notFound = this.cached(this.notFoundPlan(mode), mode);
          return notFound.ready ?? notFound.answer;
        }
        entry.shows = rendered.shows;
        if (!rendered.complete) entry.expires = Date.now() + OTHER_INSTANCES_DELAY_MS;
        entry.ready = new PageAnswer(rendered.html, rendered.status ?? status, rendered.location ? { location: rendered.location } : {}, rendered.shown);
        if (current) this.pages.set(key, entry);
        return entry.ready;
      },
      (error: unknown) => {
        if (this.drawing.get(key) === entry) this.drawing.delete(key);
        throw error;
      },
    );
    this.drawing.set(key, entry);
    return entry;
  }

  /** A fresh store (holding `data` when given), for one use: `work` runs before its cache is dropped. */
  private async withStore<T>(work: (store: AppStore) => Promise<T>, data?: RootState['api']): Promise<T> {
    const store = makeStore(data && { api: data }, { serverQuery: this.serverQuery.query });
    try {
      return await work(store);
    } finally {
      // Drops the cache's expiry timers, which would keep this store alive for a minute.
      store.dispatch(api.util.resetApiState());
    }
  }

  /** A fresh store holding the answers of the calls, for one use: `draw` runs before its cache is dropped. */
  private withData<T>(prefetch: Prefetch[], mode: ThemeMode, draw: (store: AppStore, content: CurrentContent) => Promise<T>): Promise<T> {
    return this.withStore(async (store) => {
      await prefetchPage(store, prefetch, mode);
      return draw(store, siteContentIn(store));
    });
  }

  /** The page at the address, or undefined when it names nothing (then nothing is rendered). */
  private async renderPage(location: string, matched: MatchedPage, mode: ThemeMode): Promise<RenderedPage | undefined> {
    const page = matched.page;
    if (!page) throw new Error(`No server-rendered page at ${location}`);
    const data = this.pageData.get(location);
    const since = this.pageData.since();
    return this.withStore(async (store) => {
      if (data) store.dispatch(themeRestored(mode));
      else {
        // The address's own calls first: when they show it names nothing, the not-found page answers it
        // without the layout's calls or a rendering.
        await prefetchPage(store, matched.ownPrefetch, mode);
        const own = store.getState();
        if ((page.article && !page.article(own, matched.params)) || (page.exists && !page.exists(own, matched.params))) return undefined;
        await prefetchPage(store, shellPrefetch(), mode);
      }
      const content = siteContentIn(store);
      const { publicUrl } = this.app.config;
      const state = store.getState();
      const scripts = [...this.manifest.entry, ...matched.chunks.flatMap((chunk) => this.manifest.chunks[chunk] ?? [])];
      const shows = new Set(DATA_TAGS.filter((tag) => api.util.selectInvalidatedBy(state, [tag]).length > 0));
      const complete = Object.values(state.api.queries).every((query) => query?.status === 'fulfilled');
      const article = page.article?.(state, matched.params);
      // An item found under an earlier address is sent to its own, whose page is the one cached and indexed.
      if (article && article.path !== location) return { html: '', shows, complete, status: 301, location: article.path };
      let head = pageHeadTags(page.head(content.content), content.content, matched.canonicalPath, publicUrl, article);
      for (const kind of page.structuredData ?? []) head += structuredData[kind](state, content, publicUrl);
      if (article) head += article.paper ? scholarlyArticleHead(article, article.paper, publicUrl) : blogPostingJsonLd(article, content.content, publicUrl);
      // The not-found page is answered at addresses of the app's screens too: the browser then shows it there.
      const notFound = matched.unknown;
      try {
        const { body, styles, state: json, shown } = await renderApp(location, store, matched.branch);
        const mathInText = Boolean(article && !article.paper);
        const html = htmlDocument({ mode, head, scripts, app: { body, styles }, state: json, notFound, mathInText });
        if (complete && !data) this.pageData.set(location, startingState(store).api as RootState['api'], html.length, since);
        return { html, shown, shows, complete };
      } catch (error) {
        // The browser can still draw the page itself.
        this.app.log.error({ err: error, location }, 'server rendering failed');
        return { html: htmlDocument({ mode, head, scripts, state: serializeState(startingState(store)), notFound }), shows, complete };
      }
    }, data);
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
    const lastChangeAt = (path: string) => this.withData(pageAt(path).prefetch, 'light', async (store) => lastChangeIn(store.getState().api.queries, built));
    for (const path of sitemapPaths(routes)) {
      const { page, prefetch } = pageAt(path);
      const [lastModified, further] = await this.withData(prefetch, 'light', async (store) => {
        const state = store.getState();
        return [lastChangeIn(state.api.queries, built), page?.furtherPages?.(state) ?? []] as const;
      });
      entries.push({ path, lastModified: new Date(lastModified) });
      for (const more of further) entries.push({ path: more, lastModified: new Date(await lastChangeAt(more)) });
    }
    for (const note of await allPublishedNotes(this.app.db))
      entries.push({ path: paths.note(note.slug), lastModified: new Date(note.revised_at ?? note.published_at ?? note.updated_at) });
    for (const publication of await listListedPublications(this.app.db))
      entries.push({ path: paths.paper(paperKey(publication.cite_key)), lastModified: new Date(publication.updated_at) });
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
    const kept = this.articleImages.get(path);
    if (kept) return Promise.resolve(kept);
    let making = this.makingImages.get(path);
    if (!making) {
      const made = make();
      making = made;
      this.makingImages.set(path, made);
      // Kept once made, unless a change meanwhile dropped it; an address naming nothing is not kept.
      const done = (image?: Buffer) => {
        if (this.makingImages.get(path) !== made) return;
        this.makingImages.delete(path);
        if (image) this.articleImages.set(path, image);
      };
      made.then(done, () => done());
    }
    return making;
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

  /** The owner's name and role beside their photo, or the first banner picture when the identity has none. */
  private makeShareImage(): Promise<Buffer> {
    return this.withData(pageAt(paths.home).prefetch, 'light', async (store, { content }) => {
      const own = content.photo === null ? undefined : await findImageRow(this.app.db, content.photo);
      const large = select.bannerImages(store.getState()).data?.[0]?.sizes.large;
      const photo = own
        ? await this.app.storage.read(own.large_key)
        : large?.startsWith(MEDIA_PREFIX)
          ? await this.app.storage.read(large.slice(MEDIA_PREFIX.length))
          : undefined;
      return shareImage({ name: content.name, role: content.role, address: new URL(this.app.config.publicUrl).host }, photo);
    });
  }
}
