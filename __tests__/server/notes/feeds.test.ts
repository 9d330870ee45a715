import { extractFromJson, extractFromXml } from '@extractus/feed-extractor';
import { XMLValidator } from 'fast-xml-parser';

import type { NoteInput } from '../../../server/contract/notes';
import { absoluteHtml } from '../../../server/src/notes/feeds';
import { serverWithAccountsFor } from '../testServer';

describe('notes feeds', () => {
  const { server, staff } = serverWithAccountsFor();

  const note = (fields: Partial<NoteInput>): NoteInput => ({
    title: 'Equity curves',
    slug: 'equity-curves',
    summary: 'Drawn from data.',
    tags: ['backtesting'],
    cover_image: null,
    body: 'Growth $e^{rt}$.[^1]\n\n```chart\ntitle: Equity\n---\ndate,equity\n2020-01-02,1\n2020-02-03,1.1\n```\n\n[^1]: Continuous compounding.\n',
    publish: 'now',
    publish_at: null,
    ...fields,
  });
  const save = async (fields: Partial<NoteInput>) =>
    expect((await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: note(fields) })).statusCode).toBe(201);
  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  it('serves valid Atom and JSON Feed with every published note’s full content, and no draft', async () => {
    await save({});
    await save({ title: 'Draft', slug: 'draft', publish: 'draft' });
    const atom = await get('/feed.xml');
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(atom.body)).toBe(true);
    const parsed = extractFromXml(atom.body);
    expect(parsed.entries?.map((entry) => entry.title)).toEqual(['Equity curves']);
    expect(parsed.entries?.[0].link).toBe(`${server.config.publicUrl}/notes/equity-curves`);
    expect(atom.body).toMatch(/<content type="html"><!\[CDATA\[[\s\S]*<math[\s\S]*<svg /);
    expect(atom.body).not.toContain('Draft');

    const json = await get('/feed.json');
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = json.json<{ version: string; items: { content_html: string; url: string; tags: string[] }[] }>();
    expect(feed.version).toBe('https://jsonfeed.org/version/1');
    expect(extractFromJson(feed).entries?.map((entry) => entry.title)).toEqual(['Equity curves']);
    expect(feed.items[0].content_html).toContain('<math');
    expect(feed.items[0].content_html).toContain(`href="${server.config.publicUrl}/notes/equity-curves#user-content-fn-1"`);
  });

  it('stays valid XML whatever the note says', async () => {
    await save({ title: 'CDATA ]]> & <tricks>', body: 'Text ]]> and <![CDATA[ x ]]> and \u0001 control.' });
    const atom = await get('/feed.xml');
    expect(XMLValidator.validate(atom.body)).toBe(true);
    expect(extractFromXml(atom.body).entries?.[0].title).toBe('CDATA ]]> & <tricks>');
  });

  it('answers 304 until a note changes', async () => {
    await save({});
    const first = await get('/feed.xml');
    const etag = String(first.headers.etag);
    expect((await get('/feed.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    await save({ title: 'Second', slug: 'second' });
    const changed = await get('/feed.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Second');
  });

  it('sends /rss.xml readers to the Atom feed', async () => {
    const rss = await get('/rss.xml');
    expect(rss.statusCode).toBe(301);
    expect(rss.headers.location).toBe('/feed.xml');
  });

  it('makes the site’s addresses absolute for readers away from the site', () => {
    expect(
      absoluteHtml(
        '<img src="/media/a.webp" srcset="/media/t.webp 160w, /media/a.webp 1600w"><a href="#user-content-fn-1">1</a><a href="https://x.org/">x</a>',
        'https://site.example',
        'https://site.example/notes/a',
      ),
    ).toBe(
      '<img src="https://site.example/media/a.webp" srcset="https://site.example/media/t.webp 160w, https://site.example/media/a.webp 1600w"><a href="https://site.example/notes/a#user-content-fn-1">1</a><a href="https://x.org/">x</a>',
    );
  });
});
