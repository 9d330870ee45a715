import fs from 'node:fs';
import path from 'node:path';

import { pageAt, routes } from '@/app/routes';
import { sitemapPaths } from '@/app/serverPage';

describe('the pages the routes declare for the server', () => {
  it('names each server-rendered page’s calls, canonical address and screen chunk', () => {
    const cv = pageAt('/cv');
    expect(cv.page?.inSitemap).toBe(true);
    expect(cv.prefetch).toHaveLength(2);
    expect(cv.canonicalPath).toBe('/cv');
    expect(cv.chunks).toEqual(['public']);
    expect(pageAt('/').chunks).toEqual(['home']);
    expect(pageAt('/signin')).toMatchObject({ canonicalPath: '/login', chunks: ['auth'] });
    expect(pageAt('/signin').page?.readsQuery).toBe(true);
  });

  it('leaves personal and staff screens to the browser, with the data every screen needs', () => {
    for (const address of ['/profile', '/dashboard', '/reset-password/Mg/abc']) {
      const matched = pageAt(address);
      expect(matched.page).toBeUndefined();
      expect(matched.canonicalPath).toBeUndefined();
      expect(matched.prefetch).toHaveLength(1);
    }
  });

  it('renders the notes list, its further pages and tags (left out of the sitemap) and each note', () => {
    expect(pageAt('/notes')).toMatchObject({ page: { inSitemap: true }, canonicalPath: '/notes', chunks: ['notes'] });
    expect(pageAt('/notes').prefetch).toHaveLength(2);
    for (const address of ['/notes/page/2', '/notes/tag/volatility', '/notes/tag/volatility/page/2', '/notes/volatility-smile']) {
      const matched = pageAt(address);
      // A note's page has its own, smaller chunk: a reader of one note loads no more than the home page's visitor.
      expect(matched).toMatchObject({
        page: { inSitemap: false },
        canonicalPath: address,
        chunks: [address === '/notes/volatility-smile' ? 'note' : 'notes'],
        unknown: false,
      });
      expect(matched.prefetch).toHaveLength(2);
    }
    expect(pageAt('/notes/volatility-smile').page?.article).toBeDefined();
    // An address that names no page of the list asks the API nothing.
    expect(pageAt('/notes/page/zero').prefetch).toHaveLength(1);
  });

  it('answers unknown addresses with the not-found page, which no search engine should index', () => {
    expect(pageAt('/no/such/page').unknown).toBe(true);
    expect(pageAt('/about').unknown).toBe(false);
    const notFound = pageAt('/404');
    expect(notFound.page?.status).toBe(404);
    expect(notFound.canonicalPath).toBeUndefined();
  });

  it('finds no page at an address with an empty segment, however many slashes it holds, and reads trailing ones as none', () => {
    for (const address of ['/notes//x', `/reset-password${'/'.repeat(15_000)}x`, `/unsubscribe${'/'.repeat(15_000)}x`]) {
      expect(pageAt(address)).toMatchObject({ unknown: true, canonicalPath: undefined });
    }
    expect(pageAt(`/cv${'/'.repeat(15_000)}`)).toMatchObject({ unknown: false, canonicalPath: '/cv' });
  });

  it('lists the public pages in the sitemap, in the order of the top bar', () => {
    expect(sitemapPaths(routes)).toEqual(['/', '/cv', '/research', '/notes', '/news', '/talks', '/teaching', '/on-the-web', '/about']);
  });

  it('names each lazy screen’s chunk as its webpackChunkName does', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../../src/app/routes.tsx'), 'utf8');
    const screens = [...source.matchAll(/screen\(\s*'([\w-]+)',\s*\(\) =>\s*import\(\/\* webpackChunkName: "([\w-]+)" \*\//g)];
    expect(screens.length).toBeGreaterThan(10);
    for (const [, declared, chunk] of screens) expect(declared).toBe(chunk);
    expect(source.match(/webpackChunkName/g)).toHaveLength(screens.length);
  });
});
