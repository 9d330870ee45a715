import { NEWS_LIMITS, NEWS_MESSAGES, type NewsItem, type NewsItemInput } from '../../server/contract/news';
import { nowIso } from '../../server/src/db/columns';
import { MESSAGES } from '../../server/src/errors';
import { collectionClient, describeStaffCollection, type WrongFields } from './staffCollection';
import { serverWithAccountsFor } from './testServer';

const item = (fields: Partial<NewsItemInput> = {}): NewsItemInput => ({ date: '2025-06-01', text: 'Paper accepted at ICML.', link: '', ...fields });

/** One wrong field each, by field: what the case is, the value, and the message answered when it is not the field's usual one. */
const wrongValues: Record<keyof NewsItemInput, [string, string, string?][]> = {
  date: [
    ['a date in another format', '01/06/2025'],
    ['a date without its leading zeros', '2025-6-1'],
    ['an impossible date', '2026-02-30'],
    ['February 29th of a year that is not a leap year', '1900-02-29'],
  ],
  text: [
    ['an empty text', ''],
    ['a text of spaces', ' \n '],
    ['a text that is too long', 'x'.repeat(NEWS_LIMITS.text + 1), NEWS_MESSAGES.textTooLong],
  ],
  link: [
    ['a relative link', '/research'],
    ['a link without a scheme', 'example.org'],
    ['a javascript: link', 'javascript:alert(1)'],
    ['a javascript: link in disguise', 'javascript://example.org/%0Aalert(1)'],
    ['another scheme', 'ftp://example.org/paper.pdf'],
    ['a link with a space', 'https://example.org/a paper'],
    ['a link without a host', 'https://'],
    ['a link that is too long', `https://example.org/${'a'.repeat(NEWS_LIMITS.link)}`, MESSAGES.maxLength(NEWS_LIMITS.link)],
  ],
};
const usualMessage = { date: NEWS_MESSAGES.date, text: NEWS_MESSAGES.textRequired, link: NEWS_MESSAGES.link };

describeStaffCollection('news API', {
  url: '/api/news/',
  input: item,
  change: { text: 'Changed.' },
  same: { text: ' Paper accepted at ICML.\n' },
  topic: 'News',
  audit: { action: 'news', subject: (id) => `news ${id} (2025-06-01)`, details: ['Paper accepted at ICML.', 'Changed text.', 'Changed.'] },
  wrongFields: [
    ...(Object.keys(wrongValues) as (keyof NewsItemInput)[]).flatMap((field) =>
      wrongValues[field].map(([name, value, message = usualMessage[field]]): WrongFields<NewsItemInput> => [name, { [field]: value }, { [field]: [message] }]),
    ),
    [
      'several wrong fields at once',
      { date: '2025-13-01', text: '', link: 'mailto:me@example.org' },
      { date: [NEWS_MESSAGES.date], text: [NEWS_MESSAGES.textRequired], link: [NEWS_MESSAGES.link] },
    ],
  ],
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
    expect(second).toEqual({ id: expect.any(Number), date: '2025-03-02', text: 'Second.', link: 'https://example.org/talk', updated_at: expect.any(String) });
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
