import { extractFromJson, extractFromXml } from '@extractus/feed-extractor';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

import type { SiteContent } from '../../../server/contract/content';
import type { NoteInput } from '../../../server/contract/notes';
import { seedContent } from '../../../server/src/content/seed';
import type { NoteRow } from '../../../server/src/db/schema';
import { absoluteHtml, FEED_LENGTH, notesFeeds } from '../../../server/src/notes/feeds';
import { saveContent } from '../content/client';
import { serverWithAccountsFor } from '../testServer';

interface JsonFeed {
  version: string;
  title: string;
  description: string;
  language: string;
  authors: { name: string; url: string }[];
  items: { id: string; url: string; title: string; summary?: string; content_html: string; tags: string[]; authors: { name: string }[] }[];
}

interface AtomText {
  '#text'?: string;
  '@_type'?: string;
}
interface AtomEntry {
  id: string;
  title: AtomText;
  summary?: AtomText;
  content: AtomText;
  link: { '@_href': string }[];
  category?: { '@_term': string }[];
}
interface Atom {
  feed: { title: AtomText; subtitle: AtomText; author: { name: string }; entry?: AtomEntry[] };
}

const atomParser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: false,
  isArray: (name) => ['entry', 'link', 'category'].includes(name),
});
const textOf = (element: AtomText | string | undefined) => (typeof element === 'string' ? element : (element?.['#text'] ?? ''));

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
  const save = async (fields: Partial<NoteInput>) => {
    const saved = await server.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: note(fields) });
    expect(saved.statusCode).toBe(201);
    return saved.json<{ id: number; revision: number }>();
  };
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
    // The HTML is escaped text of an html content element, not a CDATA section.
    expect(atom.body).not.toContain('CDATA');
    const [entry] = (atomParser.parse(atom.body) as Atom).feed.entry ?? [];
    expect(entry.title).toEqual({ '#text': 'Equity curves', '@_type': 'text' });
    expect(entry.summary).toEqual({ '#text': 'Drawn from data.', '@_type': 'text' });
    expect(entry.content['@_type']).toBe('html');
    expect(textOf(entry.content)).toMatch(/<math[\s\S]*<svg /);
    expect(entry.category).toEqual([{ '@_term': 'backtesting', '@_label': 'backtesting' }]);
    expect(atom.body).not.toContain('Draft');

    const json = await get('/feed.json');
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = json.json<JsonFeed>();
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.language).toBe('en');
    expect(feed.authors).toEqual([{ name: seedContent.name, url: `${server.config.publicUrl}/` }]);
    expect(extractFromJson(json.json()).entries?.map((entry) => entry.title)).toEqual(['Equity curves']);
    expect(feed.items[0]).toMatchObject({ url: `${server.config.publicUrl}/notes/equity-curves`, summary: 'Drawn from data.', tags: ['backtesting'] });
    expect(feed.items[0].content_html).toContain('<math');
    // Feed readers load no stylesheet: the MathML alone, without KaTeX's typeset copy.
    expect(feed.items[0].content_html).toContain('<span class="katex"><span class="katex-mathml">');
    expect(feed.items[0].content_html).not.toContain('katex-html');
    expect(atom.body).not.toContain('katex-html');
    expect(feed.items[0].content_html).toContain(`href="${server.config.publicUrl}/notes/equity-curves#user-content-fn-1"`);
  });

  it('keeps each entry’s id when the note moves to another address, and links its current address', async () => {
    const { id, revision } = await save({});
    const before = (await get('/feed.json')).json<JsonFeed>().items[0];
    const moved = await server.inject({
      method: 'PUT',
      url: `/api/notes/manage/${id}/`,
      headers: staff,
      payload: { ...note({ slug: 'curves-of-equity' }), revision },
    });
    expect(moved.statusCode).toBe(200);
    const after = (await get('/feed.json')).json<JsonFeed>().items[0];
    expect(after.id).toBe(`${server.config.publicUrl}/notes/?p=${id}`);
    expect(after.id).toBe(before.id);
    expect(after.url).toBe(`${server.config.publicUrl}/notes/curves-of-equity`);
    const [entry] = (atomParser.parse((await get('/feed.xml')).body) as Atom).feed.entry ?? [];
    expect(entry.id).toBe(before.id);
    expect(entry.link[0]['@_href']).toBe(after.url);
  });

  it('stays valid XML, one entry per note, whatever the note and the owner’s words say', async () => {
    const name = 'A ]]> B ]]> <entry> & \u0001';
    expect((await saveContent(server, staff, { name })).statusCode).toBe(200);
    const injected = ']]></summary></entry><entry><title>x</title><link href="https://evil.example/"/></entry><entry><summary>]]>';
    await save({
      title: 'CDATA ]]> & <tricks>',
      summary: injected,
      tags: ['a]]>b', '<c&d>'],
      body: 'Text `]]>` and `]]>` and <![CDATA[ x ]]> and \u0001 control.',
    });
    const atom = await get('/feed.xml');
    expect(XMLValidator.validate(atom.body)).toBe(true);
    const parsed = atomParser.parse(atom.body) as Atom;
    expect(parsed.feed.entry).toHaveLength(1);
    expect(textOf(parsed.feed.entry?.[0].title)).toBe('CDATA ]]> & <tricks>');
    expect(textOf(parsed.feed.entry?.[0].summary)).toBe(injected);
    expect(parsed.feed.entry?.[0].category).toHaveLength(2);
    expect(textOf(parsed.feed.entry?.[0].content)).toContain('<code>]]></code> and <code>]]></code>');
    expect(textOf(parsed.feed.title)).toBe('Notes | A ]]> B ]]> <entry> & ');
    expect(atom.body).not.toContain('evil.example/"');
    const json = (await get('/feed.json')).json<JsonFeed>();
    expect(json.items.map((item) => item.summary)).toEqual([injected]);
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

describe('feeds under hostile text', () => {
  const publicUrl = 'https://site.example';

  /** Mulberry32: the same strings on every run, so that a failure can be replayed. */
  function seeded(seed: number) {
    let state = seed;
    const next = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const below = (n: number) => Math.floor(next() * n);
    return { below, pick: <T>(items: readonly T[]): T => items[below(items.length)] };
  }

  const CONTROLS = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
  const PIECES = [
    ']]>',
    ']]>]]>',
    '<![CDATA[',
    '</entry>',
    '<entry>',
    '</summary></entry><entry><title>x</title><link href="https://evil.example/"/></entry><entry><summary>',
    '&',
    '&amp;',
    '&lt;',
    '"',
    "'",
    '<',
    '>',
    '\uD800',
    '\uDC00',
    '\uDBFF\uDFFF',
    '\uFFFE',
    '\uFFFF',
    '\uFFFD',
    '😀',
    '∂θE[f(X)]',
    'Łódź ß',
    '\u202Eevil',
    '\u2028',
    '\r\n',
    'plain words',
    ' ',
    ...CONTROLS,
  ];

  /** What XML 1.0 can carry, decided code point by code point; line ends as an XML parser reads them. */
  const XML_CHAR = (code: number) =>
    code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
  const expected = (text: string) =>
    [...text]
      .filter((char) => XML_CHAR(char.codePointAt(0) ?? 0))
      .join('')
      .replace(/\r\n?/g, '\n');
  // eslint-disable-next-line no-control-regex -- what must never reach the XML
  const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

  it('gives well-formed Atom and valid JSON Feed with the expected entries, titles and summaries', () => {
    const random = seeded(20260102);
    const hostile = (allowEmpty = true): string => {
      if (allowEmpty && random.below(10) === 0) return '';
      if (random.below(20) === 0) return random.pick(PIECES).repeat(1_000 + random.below(2_000));
      return Array.from({ length: 1 + random.below(8) }, () => random.pick(PIECES)).join('');
    };
    for (let round = 0; round < 100; round += 1) {
      const content: SiteContent = { ...structuredClone(seedContent), name: hostile(false), role: hostile() };
      const count = random.below(FEED_LENGTH + 5);
      const notes: NoteRow[] = Array.from({ length: count }, (_, index) => ({
        id: index + 1,
        slug: `note-${index + 1}`,
        title: hostile(false),
        summary: hostile(),
        // Tags are stored one a line.
        tags: Array.from({ length: random.below(4) }, () => hostile(false).replace(/[\r\n]/g, ''))
          .filter(Boolean)
          .join('\n'),
        cover_image_id: null,
        body: '',
        html: `<p>${hostile()}</p><pre><code>${hostile()}</code></pre>`,
        reading_minutes: 1,
        status: 'published',
        publish_at: null,
        published_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
        revised_at: null,
        notebook_key: null,
        notebook_name: null,
        notebook_kernel: null,
        notebook_run_at: null,
        rendered_version: 2,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      }));
      const carried = notes.slice(0, FEED_LENGTH);
      const { atom, json } = notesFeeds(content, notes, publicUrl);

      expect(XMLValidator.validate(atom)).toBe(true);
      expect(atom).not.toMatch(NOT_XML);
      const feed = (atomParser.parse(atom) as Atom).feed;
      const entries = feed.entry ?? [];
      expect(entries).toHaveLength(carried.length);
      expect(textOf(feed.title)).toBe(`Notes | ${expected(content.name)}`);
      expect(textOf(feed.subtitle)).toBe(`Research notes by ${expected(content.name)}, ${expected(content.role)}.`);
      expect(feed.author.name).toBe(expected(content.name));
      entries.forEach((entry, index) => {
        const note = carried[index];
        expect(entry.id).toBe(`${publicUrl}/notes/?p=${note.id}`);
        expect(entry.link.map((link) => link['@_href'])).toEqual([`${publicUrl}/notes/${note.slug}`]);
        expect(entry.title['@_type']).toBe('text');
        expect(textOf(entry.title)).toBe(expected(note.title));
        const summary = expected(note.summary);
        if (summary) {
          expect(entry.summary?.['@_type']).toBe('text');
          expect(textOf(entry.summary)).toBe(summary);
        } else expect(entry.summary).toBeUndefined();
        expect(textOf(entry.content)).toBe(expected(note.html));
        expect(entry.category ?? []).toHaveLength(note.tags ? note.tags.split('\n').length : 0);
      });

      expect(json).not.toMatch(NOT_XML);
      const parsed = JSON.parse(json) as JsonFeed;
      expect(parsed.version).toBe('https://jsonfeed.org/version/1.1');
      expect(parsed.title).toBe(`Notes | ${expected(content.name)}`);
      expect(parsed.authors).toEqual([{ name: expected(content.name), url: `${publicUrl}/` }]);
      expect(parsed.items).toHaveLength(carried.length);
      parsed.items.forEach((item, index) => {
        const note = carried[index];
        expect(item.id).toBe(`${publicUrl}/notes/?p=${note.id}`);
        expect(item.title).toBe(expected(note.title));
        expect(item.summary).toBe(expected(note.summary) || undefined);
        expect(item.content_html).toBe(expected(note.html));
        expect(item.tags).toEqual(note.tags ? note.tags.split('\n').map(expected) : []);
      });
    }
  });
});
