import crypto from 'node:crypto';
import zlib from 'node:zlib';

import sharp from 'sharp';

import { NEWS_LIMITS } from '../../server/contract/news';
import { NOTE_LIMITS } from '../../server/contract/noteRules';
import * as render from '../../server/src/pages/render';
import { PRELOADED_STATE_ID } from '../../src/app/preloadedState';
import { saveContent } from './content/client';
import { createCategory, createGallery, uploadDocument, uploadImage } from './media/client';
import { ENTRY, insertUser, pageServerFor } from './testServer';

const PUBLIC_URL = 'https://northcote.example';
/** A CSP source allowing an inline style with this text. */
const styleSource = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
/** What styled-components' own (empty) `<style>` element in the browser needs. */
const EMPTY_STYLE = styleSource('');
const styleSourcesOf = (csp: unknown) => /style-src 'self' ([^;]*);/.exec(String(csp))?.[1].split(' ');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html)?.[1];
const preloadedState = (html: string) => JSON.parse(/<script type="application\/json" id="preloaded-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('server-rendered pages', () => {
  const { server, staff } = pageServerFor('all', { publicUrl: PUBLIC_URL });

  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  it('answers the home page as finished HTML with its own head, the owner as structured data, and its styles allowed by their hashes', async () => {
    const first = await get('/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = first.body;
    expect(html).toContain('<h1>Elias Northcote</h1>');
    expect(html).toContain('Quantitative Research</h2>');
    expect(titleOf(html)).toBe('Elias Northcote');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(metaOf(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/share-image.png`);
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const person = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Elias Northcote',
      jobTitle: 'Quantitative Researcher',
      email: 'mailto:contact@eliasnorthcote.com',
    });
    expect(person.sameAs).toContain('https://www.linkedin.com/in/elias-northcote');

    // Every inline style is allowed by the hash of its exact text, and nothing else is: no nonce, no 'unsafe-inline'.
    const styles = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, text]) => text);
    expect(styles).toEqual([expect.stringContaining('font-size')]);
    expect(html).toContain('<style data-styled="true" data-styled-version=');
    expect(styleSourcesOf(first.headers['content-security-policy'])).toEqual([...styles.map(styleSource), EMPTY_STYLE]);
    expect(first.headers['content-security-policy']).toContain("script-src 'self';");
    expect(html).not.toContain('nonce');
    // Nothing runs inline: the scripts come from the site's own files, after the first paint.
    expect(html.match(/<script(?![^>]*(\bsrc=|type="application\/(ld\+)?json"))[^>]*>/g)).toBeNull();
    expect(html).toContain(`<script defer src="/boot.js" data-scripts="${ENTRY.join(' ')}"></script>`);
    // The page answer sets no cookie (the CSRF token is asked for by the one call that needs it).
    expect(first.headers['set-cookie']).toBeUndefined();
    // The first paint waits for the whole markup (the root element closed), so the page is laid out once, whole;
    // not for the starting state after it, which only the scripts read.
    const awaited = /<link rel="expect" href="#([\w-]+)" blocking="render">/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<body><div id="${awaited}">.*</div><script [^>]*id="${PRELOADED_STATE_ID}"[^>]*>[^<]*</script></body></html>$`, 's'));
  });

  it('gives each public page its own title, description and canonical address', async () => {
    const pages = {
      '/cv': 'CV | Elias Northcote',
      '/on-the-web': 'On the Web | Elias Northcote',
      '/about': 'About | Elias Northcote',
      '/login': 'Sign in | Elias Northcote',
      '/register': 'Register | Elias Northcote',
      '/forgot-password': 'Forgot password | Elias Northcote',
    };
    const descriptions = new Set<string>();
    for (const [url, title] of Object.entries(pages)) {
      const { statusCode, body } = await get(url);
      expect(statusCode).toBe(200);
      expect(titleOf(body)).toBe(title);
      expect(body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}">`);
      expect(metaOf(body, 'property', 'og:title')).toBe(title);
      descriptions.add(metaOf(body, 'name', 'description') ?? '');
    }
    expect(descriptions.size).toBe(Object.keys(pages).length);
    const about = (await get('/about')).body;
    expect(about).toContain('<h1>About</h1>');
    expect(about).toContain(`<script defer src="/boot.js" data-scripts="${[...ENTRY, '/assets/public.4.js'].join(' ')}">`);
    const signin = (await get('/signin')).body;
    expect(signin).toContain(`<link rel="canonical" href="${PUBLIC_URL}/login">`);
    expect(signin).toContain('Remember me');
    // Until the app takes over, the form can neither be typed into nor send the password in the address.
    expect(signin).toContain('<form method="post"><fieldset disabled=""');
  });

  it('answers an unknown address with a real 404 and the not-found page', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(res.body)).toBe('404 | Elias Northcote');
    expect(res.body).toContain('Bee Error?');
    expect(res.body).toContain('We can’t seem to find the page you are looking for!');
    expect(res.body).not.toContain('rel="canonical"');
  });

  it('sends personal and staff screens as the app shell, kept out of search engines', async () => {
    for (const url of ['/profile', '/dashboard', '/reset-password/Mg/abc', '/login?registrationSuccess=true']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain(`<script defer src="${ENTRY[0]}"></script>`);
      expect(styleSourcesOf(res.headers['content-security-policy'])).toEqual([EMPTY_STYLE]);
    }
  });

  it('hands the banner pictures to the page as HTML and as the store’s starting state', async () => {
    const gallery = await createGallery(server, staff, 'page-logos');
    expect((await uploadImage(server, staff, { title: 'Lecture hall', gallery: String(gallery.id) })).statusCode).toBe(201);
    const news = { date: '2025-06-01', text: 'Paper accepted at ICML.', link: '' };
    expect((await server.inject({ method: 'POST', url: '/api/news/', headers: staff, payload: news })).statusCode).toBe(201);
    const html = (await get('/')).body;
    const images = (await get('/api/photos/images/?gallery_slug=page-logos')).json<{ title: string; sizes: { banner: string } }[]>();
    expect(html).toContain(`<img src="${images[0].sizes.banner}" alt="Lecture hall" data-initials="EN" width="224" height="224"`);
    const state = preloadedState(html);
    expect(state.theme).toEqual({ mode: 'light' });
    expect(state.session).toBeUndefined();
    const content = (await get('/api/site-content/')).json();
    // The page's own calls, then the site's words every page shows.
    expect(Object.values(state.api.queries)).toEqual([
      expect.objectContaining({ endpointName: 'getImages', status: 'fulfilled', data: images }),
      expect.objectContaining({ endpointName: 'getNews', status: 'fulfilled', data: (await get(`/api/news/?limit=${NEWS_LIMITS.onHomePage}`)).json() }),
      expect.objectContaining({ endpointName: 'getNotes', status: 'fulfilled', data: (await get(`/api/notes/?limit=${NOTE_LIMITS.onHomePage}`)).json() }),
      expect.objectContaining({ endpointName: 'getSelectedPapers', status: 'fulfilled', data: [] }),
      expect.objectContaining({ endpointName: 'getSiteContent', status: 'fulfilled', data: content }),
    ]);
  });

  it('shows the current CV download on the CV page, and says so when there is none', async () => {
    expect((await get('/cv')).body).toContain('No Current CV Found');
    // Its stable address, followed from an old link, answers the not-found page.
    const noCv = await get('/cv.pdf');
    expect([noCv.statusCode, noCv.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(noCv.body).toContain('Bee Error?');
    const category = await createCategory(server, staff, 'CV');
    expect((await uploadDocument(server, staff, { name: 'CV 2026', category: String(category.id), is_current: 'true' })).statusCode).toBe(201);
    const html = (await get('/cv')).body;
    const cv = (await get('/api/documents/documents/current_cv/')).json<{ download_url: string }>();
    expect(html).toContain('Download CV (Current)');
    expect(html).toContain(`href="${cv.download_url}"`);
    expect(preloadedState(html).api.queries['getCurrentCv(undefined)']).toMatchObject({ status: 'fulfilled', data: cv });
  });

  it('renders a page once per change of what it shows, not once per request or per change elsewhere', async () => {
    const renderApp = jest.spyOn(render, 'renderApp');
    const renders = (location: string) => renderApp.mock.calls.filter(([at]) => at === location).length;
    try {
      for (let i = 0; i < 5; i += 1) expect((await get('/about')).statusCode).toBe(200);
      await get('/');
      const [about, home] = [renders('/about'), renders('/')];
      expect(about).toBeLessThanOrEqual(1);

      // A new gallery and a new banner picture show on the home page only.
      await createGallery(server, staff, `Travel ${Date.now()}`);
      const banner = (await get('/api/photos/galleries/')).json<{ id: number; slug: string }[]>().find(({ slug }) => slug === 'page-logos');
      expect((await uploadImage(server, staff, { title: 'Harbour', gallery: String(banner?.id) })).statusCode).toBe(201);
      await get('/about');
      await get('/');
      await get('/');
      expect([renders('/about'), renders('/')]).toEqual([about, home + 1]);

      // So does news.
      const news = { date: '2025-07-01', text: 'Talk at the Bachelier Congress.', link: '' };
      expect((await server.inject({ method: 'POST', url: '/api/news/', headers: staff, payload: news })).statusCode).toBe(201);
      await get('/about');
      await get('/');
      expect([renders('/about'), renders('/')]).toEqual([about, home + 2]);

      // The site's words show everywhere.
      expect((await saveContent(server, staff, { tagline: 'Models that survive contact with markets.' })).statusCode).toBe(200);
      await get('/about');
      await get('/');
      expect([renders('/about'), renders('/')]).toEqual([about + 1, home + 3]);
      expect((await get('/about')).body).toContain('Models that survive contact with markets.');
    } finally {
      renderApp.mockRestore();
    }
  });

  it('never puts a signed-in visitor’s data into the page others get', async () => {
    const { auth, refresh } = await insertUser(server, { first_name: 'Zelda', email: 'zelda@example.com' });
    const theirs = await get('/', { ...auth, cookie: `refresh_token=${refresh}` });
    const anonymous = await get('/');
    expect(theirs.body).not.toMatch(/Zelda|zelda@example\.com/);
    expect(theirs.body).toBe(anonymous.body);
    expect(theirs.headers.etag).toBe(anonymous.headers.etag);
  });

  it('draws the page in the theme the visitor chose (dark class, toggle and state agree)', async () => {
    const html = (await get('/about', { cookie: 'theme=dark' })).body;
    expect(html).toMatch(/^<!doctype html><html lang="en" class="dark">/);
    expect(html).toContain('aria-label="Switch to light theme"');
    expect(preloadedState(html).theme).toEqual({ mode: 'dark' });
    expect((await get('/about', { cookie: 'theme=<script>' })).body).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('compresses pages for browsers that accept gzip, the same page under its own ETag', async () => {
    const res = await get('/cv', { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await get('/cv');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = zlib.gunzipSync(res.rawPayload).toString();
    expect(titleOf(html)).toBe('CV | Elias Northcote');
    expect(html).toBe(plain.body);
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.etag).not.toBe(plain.headers.etag);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);
  });

  it('answers every visitor the same bytes and headers, so that shared caches may keep a page', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const [first, second] = [await get('/about', { 'accept-encoding': encoding }), await get('/about', { 'accept-encoding': encoding })];
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const { date: _first, ...firstHeaders } = first.headers;
      const { date: _second, ...secondHeaders } = second.headers;
      expect(secondHeaders).toEqual(firstHeaders);
      expect(first.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 304 without a body to a visitor who holds the current page, and the page again once it changed', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const first = await get('/on-the-web', gzip);
    const etag = String(first.headers.etag);
    for (const known of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/on-the-web', { ...gzip, 'if-none-match': known });
      expect([known, again.statusCode]).toEqual([known, 304]);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers).toMatchObject({ etag, 'cache-control': 'no-cache', vary: 'accept-encoding' });
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    }
    // The plain page is another representation, with an ETag of its own.
    expect((await get('/on-the-web', { 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get('/on-the-web', { ...gzip, 'if-none-match': `"${etag}"` })).statusCode).toBe(200);
    // Only a page that exists is revalidated: the not-found page stays a 404.
    const missing = await get('/no/such/page');
    expect((await get('/no/such/page', { 'if-none-match': String(missing.headers.etag) })).statusCode).toBe(404);

    expect((await saveContent(server, staff, { tagline: 'Risk, measured twice.' })).statusCode).toBe(200);
    const changed = await get('/on-the-web', { ...gzip, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(zlib.gunzipSync(changed.rawPayload).toString()).toContain('Risk, measured twice.');
    expect(changed.headers.etag).not.toBe(etag);
    expect((await get('/on-the-web', { ...gzip, 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(304);
  });

  it('tells crawlers what to index: robots.txt and a sitemap of the public pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/dashboard', '/documents', '/photos', '/galleries', '/admin', '/profile', '/reset-password/', '/api/'])
      expect(robots.body).toContain(`Disallow: ${path}\n`);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    expect(locs.map((m) => m[1])).toEqual(
      ['/', '/cv', '/research', '/notes', '/news', '/talks', '/teaching', '/on-the-web', '/about'].map((p) => `${PUBLIC_URL}${p}`),
    );
    for (const [, , lastmod] of locs) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);

    // Built once per change: a second request is the same text, and a new banner picture moves the home page's date.
    expect((await get('/sitemap.xml')).body).toBe(sitemap.body);
    const before = Date.parse(locs[0][2]);
    const gallery = (await get('/api/photos/galleries/')).json<{ id: number; slug: string }[]>().find(({ slug }) => slug === 'page-logos');
    expect((await uploadImage(server, staff, { title: 'Quay', gallery: String(gallery?.id) })).statusCode).toBe(201);
    const after = [...(await get('/sitemap.xml')).body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => Date.parse(m[1]));
    expect(after[0]).toBeGreaterThanOrEqual(before);
    const uploaded = (await get('/api/photos/images/?gallery_slug=page-logos'))
      .json<{ title: string; uploaded_at: string }[]>()
      .find(({ title }) => title === 'Quay');
    expect(after[0]).toBe(Date.parse(String(uploaded?.uploaded_at)));
  });

  it('makes a 1200×630 share image with the first banner picture (uploaded above) beside the name', async () => {
    const res = await get('/share-image.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(res.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    const paper = [0xfa, 0xf8, 0xf4];
    const pixel = async (left: number, top: number) => [
      ...(await sharp(res.rawPayload).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
    ];
    expect(await pixel(1150, 20)).toEqual(paper);
    expect(await pixel(900, 315)).not.toEqual(paper);
  });

  it('serves hashed assets with long caching, and a missing one as a 404 rather than a page', async () => {
    const asset = await get('/assets/main.3.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    const missing = await get('/assets/main.old.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('sends other spellings of a page’s address to its own, so that each page is drawn and cached once', async () => {
    const renderApp = jest.spyOn(render, 'renderApp');
    try {
      for (const spelling of ['/CV', '/cv/', '/cv//', '/%63v', '/Research/']) {
        const res = await get(spelling);
        expect([spelling, res.statusCode]).toEqual([spelling, 301]);
        expect(res.headers.location).toBe(spelling.toLowerCase().includes('research') ? '/research' : '/cv');
      }
      expect((await get('/CV?from=card')).headers.location).toBe('/cv?from=card');
      expect(renderApp).not.toHaveBeenCalled();
    } finally {
      renderApp.mockRestore();
    }
  });

  it('never answers API paths with a page', async () => {
    const res = await get('/api/unknown/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
