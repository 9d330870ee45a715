import type { NewsPage } from '../../server/contract/news';
import { NEWS_LIMITS, NEWS_MESSAGES, type NewsItem, type NewsItemInput } from '../../server/contract/news';
import { nowIso } from '../../server/src/db/columns';
import { MESSAGES } from '../../server/src/errors';
import { RENDERER_VERSION } from '../../server/src/markdown/version';
import { findNewsItem, toNewsItem } from '../../server/src/repositories/news';
import { renderStaleBodies } from '../../server/src/services/markdownBodies';
import { collectionClient, describeStaffCollection, tooLong, type WrongValues } from './staffCollection';
import { serverWithAccountsFor } from './testServer';

const item = (fields: Partial<NewsItemInput> = {}): NewsItemInput => ({ date: '2025-06-01', text: 'Paper accepted at ICML.', link: '', ...fields });

/** Each field's message and its wrong values, with their own message where they are refused with another. */
const wrongValues: WrongValues<NewsItemInput> = {
  date: {
    message: NEWS_MESSAGES.date,
    cases: [
      ['a date in another format', '01/06/2025'],
      ['a date without its leading zeros', '2025-6-1'],
      ['an impossible date', '2026-02-30'],
      ['February 29th of a year that is not a leap year', '1900-02-29'],
    ],
  },
  text: {
    message: NEWS_MESSAGES.textRequired,
    cases: [['an empty text', ''], ['a text of spaces', ' \n '], tooLong('a text', NEWS_LIMITS.text, NEWS_MESSAGES.textTooLong)],
  },
  link: {
    message: NEWS_MESSAGES.link,
    cases: [
      ['a link relative to the page', 'research/smith-2024'],
      ['a link to another host without a scheme', '//evil.example/page'],
      ['a link to another host through a backslash', '/\\evil.example/page'],
      ['a link on the site with a space', '/research/a paper'],
      ['a link without a scheme', 'example.org'],
      ['a javascript: link', 'javascript:alert(1)'],
      ['a javascript: link in disguise', 'javascript://example.org/%0Aalert(1)'],
      ['another scheme', 'ftp://example.org/paper.pdf'],
      ['a link with a space', 'https://example.org/a paper'],
      ['a link without a host', 'https://'],
      ['a link that is too long', `https://example.org/${'a'.repeat(NEWS_LIMITS.link)}`, MESSAGES.maxLength(NEWS_LIMITS.link)],
    ],
  },
};

describeStaffCollection('news API', {
  url: '/api/news/',
  input: item,
  change: { text: 'Changed.' },
  same: { text: ' Paper accepted at ICML.\n' },
  topic: 'News',
  audit: { action: 'news', subject: (id) => `news ${id} (2025-06-01)`, details: ['Paper accepted at ICML.', 'Changed text.', 'Changed.'] },
  wrongValues,
  severalWrong: { date: '2025-13-01', text: '', link: 'mailto:me@example.org' },
});

describe('news API', () => {
  const { server, staff } = serverWithAccountsFor();
  const { list, created } = collectionClient<NewsItemInput, NewsItem>(server, staff, '/api/news/', item);

  it('lists the newest first, by date and then by when it was written, and as many as asked', async () => {
    const older = await created({ date: '2024-11-20', text: 'Talk at the Bachelier Congress.' });
    const first = await created({ date: '2025-03-02', text: 'First.' });
    const second = await created({ date: '2025-03-02', text: 'Second.', link: 'https://example.org/talk' });
    const newest = await created({ date: '2026-01-15', text: 'Newest.' });
    expect(await list()).toEqual([newest, second, first, older]);
    expect(await list('?limit=2')).toEqual([newest, second]);
    expect(second).toEqual({
      id: expect.any(Number),
      date: '2025-03-02',
      text: 'Second.',
      html: 'Second.',
      link: 'https://example.org/talk',
      updated_at: expect.any(String),
    });
    expect((await server.inject({ method: 'GET', url: '/api/news/?limit=0' })).statusCode).toBe(400);
    expect((await server.inject({ method: 'GET', url: '/api/news/?limit=many' })).statusCode).toBe(400);
  });

  it('trims what staff write', async () => {
    expect(await created({ date: ' 2025-06-01 ', text: '  Talk at MIT.\n', link: ' https://mit.edu/ ' })).toMatchObject({
      date: '2025-06-01',
      text: 'Talk at MIT.',
      link: 'https://mit.edu/',
    });
  });

  it('takes the longest text and link allowed, a leap day and plain http', async () => {
    const longest = await created({
      date: '2024-02-29',
      text: `${'é'.repeat(NEWS_LIMITS.text - 1)}😀`,
      link: `http://example.org/${'a'.repeat(NEWS_LIMITS.link - 19)}`,
    });
    expect(longest.link).toHaveLength(NEWS_LIMITS.link);
  });

  it('refuses a text over the limit, however long the paste, in the product’s words: never cut', async () => {
    const { post } = collectionClient<NewsItemInput, NewsItem>(server, staff, '/api/news/', item);
    for (const length of [NEWS_LIMITS.text + 1, 3_000, NEWS_LIMITS.textReceived]) {
      const refused = await post(item({ text: 'x'.repeat(length) }));
      expect([length, refused.statusCode, refused.json()]).toEqual([length, 400, { text: [NEWS_MESSAGES.textTooLong] }]);
    }
    expect(await list()).toEqual([]);
  });

  it('renders the text as inline Markdown with mathematics, once, and keeps what was written', async () => {
    const written = 'Paper [accepted](/research/northcote2019slv) at the *Journal of Finance*: $x^2$ for `all`.';
    const news = await created({ text: written });
    expect(news.text).toBe(written);
    expect(news.html).toMatch(/^Paper <a href="\/research\/northcote2019slv">accepted<\/a> at the <em>Journal of Finance<\/em>: <span class="katex">/);
    expect(news.html).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(news.html).toContain('<code>all</code>');
    // Kept rendered: the list answers the stored HTML.
    expect((await server.db.selectFrom('news_items').select('text_html').where('id', '=', news.id).executeTakeFirstOrThrow()).text_html).toBe(news.html);
    expect((await list()).find(({ id }) => id === news.id)?.html).toBe(news.html);

    // Block syntax stays text: one line of news, whatever it starts with.
    expect((await created({ text: '1. Talk at MIT\n# Slides online' })).html).toBe('1. Talk at MIT\n# Slides online');
    // Raw HTML formats but never runs; a javascript: link loses its address.
    const hostile = await created({ text: 'A <b>bold</b> <script>alert(1)</script> [move](javascript:alert(1)).' });
    expect(hostile.html).toBe('A <b>bold</b>  <a>move</a>.');
  });

  it('refuses a text that is not one line of news: a second paragraph, a picture, a formula that does not parse', async () => {
    const { post } = collectionClient<NewsItemInput, NewsItem>(server, staff, '/api/news/', item);
    const refused = async (text: string) => (await post(item({ text }))).json();
    expect(await refused('First.\n\nSecond.')).toEqual({ text: ['Line 3: Write one paragraph: leave out the blank line.'] });
    expect(await refused('See ![the poster](photo:1).')).toEqual({
      text: ['Line 1: Pictures are not shown in a line of text: link to the page that shows it instead.'],
    });
    expect((await refused('Broken $\\frac{1}{$ formula.')).text[0]).toMatch(/^Line 1: This formula does not parse: /);
  });

  it('takes a link to a page of the site, with its anchor', async () => {
    for (const link of ['/research/northcote2019slv', '/notes/rough-volatility#user-content-results', '/talks#talk-3'])
      expect((await created({ link })).link).toBe(link);
  });

  it('answers a page of the news at a time, newest first, with the number of pages', async () => {
    const all = [];
    for (let day = 1; day <= NEWS_LIMITS.perPage + 5; day += 1)
      all.push(await created({ date: `2024-01-${String(day).padStart(2, '0')}`, text: `Day ${day}.` }));
    const page = async (query = '') => (await server.inject({ method: 'GET', url: `/api/news/pages/${query}` })).json<NewsPage>();
    const newest = [...all].reverse();
    expect(await page()).toEqual({ items: newest.slice(0, NEWS_LIMITS.perPage), page: 1, pages: 2, total: NEWS_LIMITS.perPage + 5 });
    expect(await page('?page=2')).toEqual({ items: newest.slice(NEWS_LIMITS.perPage), page: 2, pages: 2, total: NEWS_LIMITS.perPage + 5 });
    expect(await page('?page=3')).toEqual({ items: [], page: 3, pages: 2, total: NEWS_LIMITS.perPage + 5 });
    for (const query of ['?page=0', '?page=two', '?page=10001'])
      expect([query, (await server.inject({ method: 'GET', url: `/api/news/pages/${query}` })).statusCode]).toEqual([query, 400]);
    // A write is seen at once.
    await server.inject({ method: 'DELETE', url: `/api/news/${newest[0].id}/`, headers: staff });
    expect((await page()).items[0]).toEqual(newest[1]);
  });

  it('shows an item from before texts were rendered as written, and renders it in the background once', async () => {
    const at = nowIso();
    const { id } = await server.db
      .insertInto('news_items')
      .values({ date: '2023-05-01', text: 'Kept *as* <written>.', link: '', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(toNewsItem((await findNewsItem(server.db, id))!).html).toBe('Kept *as* &lt;written&gt;.');
    await renderStaleBodies(server);
    const row = (await findNewsItem(server.db, id))!;
    expect([row.text_html, row.rendered_version]).toEqual(['Kept <em>as</em> .', RENDERER_VERSION]);
  });

  it('serves the list from its cache until a write changes it', async () => {
    const first = await created({ date: '2025-01-01', text: 'First.' });
    expect(await list()).toEqual([first]);
    expect(await list('?limit=1')).toEqual([first]);
    // A row the API did not write is announced by no one: the cached answers stand.
    const at = nowIso();
    await server.db.insertInto('news_items').values({ date: '2025-02-01', text: 'Behind the cache.', link: '', created_at: at, updated_at: at }).execute();
    expect(await list()).toEqual([first]);
    expect(await list('?limit=1')).toEqual([first]);

    const third = await created({ date: '2025-03-01', text: 'Third.' });
    expect((await list()).map((news) => news.text)).toEqual(['Third.', 'Behind the cache.', 'First.']);
    expect(await list('?limit=1')).toEqual([third]);
  });
});
