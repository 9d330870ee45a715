import { NEWS_LIMITS, type NewsItem, type NewsItemInput } from '../../server/contract/news';
import { KATEX_INLINE_STYLES_ID } from '../../server/contract/paths';
import { collectionPageServer, PAGE_PUBLIC_URL } from './staffCollection';
import { servedPage } from './testServer';

const mainOf = (html: string) => html.slice(html.indexOf('<main'));
const preloadedState = (html: string) => JSON.parse(/<script type="application\/json" id="preloaded-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
const item = (fields: Partial<NewsItemInput> = {}): NewsItemInput => ({ date: '2025-06-01', text: 'Paper accepted at ICML.', link: '', ...fields });

describe('the News page, server-rendered', () => {
  const { server, get, created: add, patch, remove } = collectionPageServer<NewsItemInput, NewsItem>('/api/news/', item);

  it('shows an empty page on a fresh site, lists /news in the sitemap and keeps crawlers off the staff screen only', async () => {
    const page = await servedPage(server, '/news', 'News');
    expect(page).toContain('<meta name="description" content="News from ');
    expect(page).toContain('<h1>News</h1>');
    expect(page).toContain('No news yet.');
    expect(page).not.toContain('aria-label="Pages"');
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${PAGE_PUBLIC_URL}/news</loc>`);
    expect(sitemap).not.toContain('/news/page/');
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain('Disallow: /manage-news\n');
    expect(robots).not.toContain('Disallow: /news');
  });

  it('draws each item into the first HTML with its date, its Markdown and mathematics rendered, and its link', async () => {
    await add({ date: '2025-11-20', text: 'Paper [accepted](/research/northcote2019slv): $x^2$ at last.', link: '/notes/rough-volatility' });
    await add({ date: '2025-10-02', text: 'Talk at the *Oxford-Man Institute*.', link: 'https://talks.example.org/omi' });
    const page = (await get('/news')).body;
    const main = mainOf(page);
    expect(main).toContain('<time dateTime="2025-11-20">20 Nov 2025</time>');
    expect(main).toContain('Paper <a href="/research/northcote2019slv">accepted</a>: <span class="katex">');
    expect(main).toMatch(/<math[^>]*>.*<msup><mi>x<\/mi><mn>2<\/mn><\/msup>/);
    expect(main).toContain('href="/notes/rough-volatility"');
    expect(main).toContain('Talk at the <em>Oxford-Man Institute</em>.');
    expect(main).toContain('href="https://talks.example.org/omi"');
    expect(main.indexOf('20 Nov 2025')).toBeLessThan(main.indexOf('2 Oct 2025'));
    // The page that shows mathematics carries KaTeX's styles in its head.
    expect(page.slice(0, page.indexOf('</head>'))).toContain(`<style id="${KATEX_INLINE_STYLES_ID}">`);
    // The browser finds the page's data under the key of the screen's own call.
    const queries = Object.values(preloadedState(page).api.queries) as { endpointName: string; originalArgs: unknown; data: unknown }[];
    expect(queries).toContainEqual(expect.objectContaining({ endpointName: 'getNewsPage', originalArgs: {}, data: (await get('/api/news/pages/')).json() }));
    // The home page links to all of it.
    expect(mainOf((await get('/')).body)).toContain('<a href="/news">All news</a>');
  });

  it('pages the list at /news/page/N, with Newer and Older as prev and next, answers 404 past the end, and lists every page in the sitemap', async () => {
    const before = NEWS_LIMITS.perPage * 2 + 1 - (await get('/api/news/pages/')).json<{ total: number }>().total;
    for (let day = 1; day <= before; day += 1) await add({ date: `2020-01-${String((day % 28) + 1).padStart(2, '0')}`, text: `Old news ${day}.` });
    const first = mainOf((await get('/news')).body);
    expect(first).toContain('Page 1 of 3');
    expect(first).toContain('rel="next" href="/news/page/2"');
    expect(first).not.toContain('rel="prev"');

    const second = await get('/news/page/2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`<link rel="canonical" href="${PAGE_PUBLIC_URL}/news/page/2">`);
    expect(mainOf(second.body)).toContain('Page 2 of 3');
    expect(mainOf(second.body)).toContain('rel="prev" href="/news"');
    expect(mainOf(second.body)).toContain('rel="next" href="/news/page/3"');
    expect((mainOf(second.body).match(/<time dateTime=/g) ?? []).length).toBe(NEWS_LIMITS.perPage);

    const last = mainOf((await get('/news/page/3')).body);
    expect(last).toContain('rel="prev" href="/news/page/2"');
    expect(last).not.toContain('rel="next"');

    for (const url of ['/news/page/4', '/news/page/0', '/news/page/two', '/news/page/99999']) expect([url, (await get(url)).statusCode]).toEqual([url, 404]);

    const sitemap = (await get('/sitemap.xml')).body;
    for (const path of ['/news', '/news/page/2', '/news/page/3']) expect(sitemap).toContain(`<loc>${PAGE_PUBLIC_URL}${path}</loc>`);
    expect(sitemap).not.toContain('/news/page/4');
  });

  it('draws the page again after a write: an edit, a deletion', async () => {
    const news = await add({ date: '2999-01-01', text: 'Newest of all.' });
    expect(mainOf((await get('/news')).body)).toContain('Newest of all.');
    await patch(news.id, item({ date: '2999-01-01', text: 'Corrected, $\\alpha$.' }));
    const edited = mainOf((await get('/news')).body);
    expect(edited).not.toContain('Newest of all.');
    expect(edited).toContain('<annotation encoding="application/x-tex">\\alpha</annotation>');
    await remove(news.id);
    expect(mainOf((await get('/news')).body)).not.toContain('Corrected');
  });
});
