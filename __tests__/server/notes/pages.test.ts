import crypto from 'node:crypto';

import sharp from 'sharp';

import type { NoteInput, StaffNote } from '../../../server/contract/notes';
import { KATEX_FIRST_FONTS, KATEX_FONT_FACES, KATEX_FONTS, KATEX_INLINE_STYLES_ID, KATEX_STYLESHEET } from '../../../server/contract/paths';
import { pageServerFor } from '../testServer';

const PUBLIC_URL = 'https://northcote.example';
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(([, json]) => JSON.parse(json));

describe('notes as server-rendered pages', () => {
  const { server, staff } = pageServerFor('all', { publicUrl: PUBLIC_URL });

  const get = (url: string) => server.inject({ method: 'GET', url });
  const save = async (fields: Partial<NoteInput>, id?: number, revision?: number) => {
    const payload = {
      title: 'Volatility smiles',
      slug: 'volatility-smiles',
      summary: 'Why implied volatility depends on the strike.',
      tags: ['volatility'],
      cover_image: null,
      body: 'The smile $\\sigma(K)$ in the first HTML.',
      publish: 'now',
      publish_at: null,
      ...fields,
      ...(revision === undefined ? {} : { revision }),
    };
    const response = await server.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/notes/manage/${id}/` : '/api/notes/manage/', headers: staff, payload });
    expect(response.statusCode).toBeLessThan(300);
    return response.json<StaffNote>();
  };

  it('renders a note with its head, BlogPosting, share image and feeds, and redirects its old address', async () => {
    const note = await save({});
    const page = await get('/notes/volatility-smiles');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Volatility smiles | ');
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/notes/volatility-smiles">`);
    expect(page.body).toContain('<meta property="og:type" content="article">');
    expect(page.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/notes/volatility-smiles/share-image.png">`);
    expect(page.body).toContain('<meta name="description" content="Why implied volatility depends on the strike.">');
    expect(page.body).toContain('<link rel="alternate" type="application/atom+xml" title="Notes (Atom)" href="/feed.xml">');
    expect(page.body).toMatch(/<math[^>]*>.*σ/);
    // Typeset by KaTeX, whose styles the head carries; the title in <title> stays plain text.
    expect(page.body).toContain('<span class="katex-html" aria-hidden="true">');
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    // Inline, with its fonts where the site serves them: no stylesheet fetched before the first paint.
    const styles = new RegExp(`<style id="${KATEX_INLINE_STYLES_ID}">([^<]+)</style>`).exec(head)?.[1] ?? '';
    expect(styles).toContain(`url(${KATEX_FONTS}KaTeX_Main-Regular.woff2)`);
    expect(styles).not.toContain('url(fonts/');
    expect(head).not.toContain(KATEX_FONT_FACES);
    expect(page.headers['content-security-policy']).toContain(`'sha256-${crypto.createHash('sha256').update(styles).digest('base64')}'`);
    expect(page.body).not.toContain(KATEX_STYLESHEET);
    // With the fonts nearly every formula uses, so that text does not wrap anew when they arrive.
    for (const font of KATEX_FIRST_FONTS) expect(head).toContain(`<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`);
    expect(page.headers['content-security-policy']).toContain("style-src-attr 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("font-src 'self'");
    const posting = jsonLd(page.body).find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'Volatility smiles',
      url: `${PUBLIC_URL}/notes/volatility-smiles`,
      author: { '@type': 'Person' },
      keywords: ['volatility'],
    });

    const image = await get('/notes/volatility-smiles/share-image.png');
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });

    await save({ slug: 'smiles' }, note.id, note.revision);
    const moved = await get('/notes/volatility-smiles');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/notes/smiles');
    expect((await get('/notes/smiles')).statusCode).toBe(200);
  });

  it('answers 404 for a draft, a missing note, and a page past the end of the list', async () => {
    await save({ slug: 'draft-only', publish: 'draft' });
    for (const url of ['/notes/draft-only', '/notes/no-such-note', '/notes/page/9', '/notes/draft-only/share-image.png'])
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    expect((await get('/notes')).statusCode).toBe(200);
  });

  it('shows a scheduled note’s page once the server publishes it, though its 404 was cached', async () => {
    await save({ slug: 'soon', title: 'Soon', publish: 'schedule', publish_at: new Date(Date.now() + 1_000).toISOString() });
    expect((await get('/notes/soon')).statusCode).toBe(404);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await get('/notes/soon')).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get('/notes/soon')).statusCode).toBe(200);
    expect((await get('/notes')).body).toContain('Soon');
  });

  it('lists published notes in the sitemap with their last change, and no draft', async () => {
    await save({ slug: 'listed', title: 'Listed' });
    await save({ slug: 'unlisted', title: 'Unlisted', publish: 'draft' });
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toMatch(new RegExp(`<loc>${PUBLIC_URL}/notes/listed</loc><lastmod>\\d{4}-`));
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/notes</loc>`);
    expect(sitemap).not.toContain('unlisted');
  });
});
