import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { NewsItem, NewsPage } from '@/contract/news';
import { KATEX_STYLESHEET } from '@/contract/paths';

import { server, url } from '../msw';
import { renderApp, signedOutState } from '../render';

const anItem = (fields: Partial<NewsItem> = {}): NewsItem => ({
  id: 1,
  date: '2026-11-20',
  text: 'Paper accepted.',
  html: 'Paper accepted.',
  link: '',
  updated_at: '2026-11-20T09:00:00.000Z',
  ...fields,
});

/** The pages of news the server answers, by page number; the page asked for is recorded. */
function serveNewsPages(pages: Record<number, NewsPage>) {
  const asked: string[] = [];
  server.use(
    http.get(url('/api/news/pages/'), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      asked.push(new URL(request.url).search);
      return HttpResponse.json(pages[page] ?? { items: [], page, pages: Object.keys(pages).length, total: 0 });
    }),
  );
  return asked;
}

describe('news (public)', () => {
  it('lists every item with its date, its text as the server rendered it, and its link: on the site in the app, elsewhere as a web page', async () => {
    serveNewsPages({
      1: {
        items: [
          anItem({
            id: 2,
            text: 'Paper [accepted](/research/northcote2019slv) with $x^2$.',
            html: 'Paper <a href="/research/northcote2019slv">accepted</a> with <span class="katex"><math><mi>x</mi></math></span>.',
            link: '/notes/rough-volatility',
          }),
          anItem({ id: 1, date: '2026-10-02', html: 'Talk at the <em>Oxford-Man Institute</em>.', link: 'https://talks.example.org/omi' }),
        ],
        page: 1,
        pages: 1,
        total: 2,
      },
    });
    renderApp({ route: '/news', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'News' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '20 Nov 2026Paper accepted with x. More about the news of 20 Nov 2026',
      '2 Oct 2026Talk at the Oxford-Man Institute. More about the news of 2 Oct 2026',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'accepted' })).toHaveAttribute('href', '/research/northcote2019slv');
    expect(within(items[0]).getByRole('link', { name: 'More about the news of 20 Nov 2026' })).toHaveAttribute('href', '/notes/rough-volatility');
    expect(within(items[1]).getByRole('link', { name: 'More about the news of 2 Oct 2026' })).toHaveAttribute('href', 'https://talks.example.org/omi');
    expect(items[0].querySelector('time')).toHaveAttribute('datetime', '2026-11-20');
    // The page that shows mathematics brings its stylesheet.
    expect(document.querySelector(`link[href="${KATEX_STYLESHEET}"]`)).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(document.title).toBe('News | Elias Northcote');
  });

  it('goes from page to page with Older and Newer, the next and previous of the series', async () => {
    const asked = serveNewsPages({
      1: { items: [anItem({ id: 3, html: 'Newest.' })], page: 1, pages: 2, total: 2 },
      2: { items: [anItem({ id: 1, html: 'Oldest.' })], page: 2, pages: 2, total: 2 },
    });
    const user = userEvent.setup();
    renderApp({ route: '/news', preloadedState: signedOutState });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).queryByRole('link', { name: /Newer/ })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Older' }));
    expect(await screen.findByText('Oldest.')).toBeInTheDocument();
    const second = screen.getByRole('navigation', { name: 'Pages' });
    expect(second).toHaveTextContent('Page 2 of 2');
    expect(within(second).getByRole('link', { name: 'Newer' })).toHaveAttribute('href', '/news');
    expect(within(second).getByRole('link', { name: 'Newer' })).toHaveAttribute('rel', 'prev');
    expect(within(second).queryByRole('link', { name: /Older/ })).not.toBeInTheDocument();
    expect(asked).toEqual(['', '?page=2']);
  });

  it('says there is no news yet on a fresh site', async () => {
    serveNewsPages({ 1: { items: [], page: 1, pages: 1, total: 0 } });
    renderApp({ route: '/news', preloadedState: signedOutState });
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
  });

  it('shows the not-found page for a page past the end and for an address that names no page', async () => {
    serveNewsPages({ 1: { items: [anItem()], page: 1, pages: 1, total: 1 } });
    const past = renderApp({ route: '/news/page/5', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bee Error?' })).toBeInTheDocument();
    past.unmount();
    renderApp({ route: '/news/page/zero', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bee Error?' })).toBeInTheDocument();
  });
});
