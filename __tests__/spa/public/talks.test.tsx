import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { Talk } from '@/contract/talks';
import { splitTalks } from '@/features/talks/schedule';

import { server, url } from '../msw';
import { expectLinks, headingTexts, renderApp, signedOutState } from '../render';
import { aTalk } from './talkFixtures';

const serveTalks = (talks: Talk[] | Response) => server.use(http.get(url('/api/talks/'), () => (talks instanceof Response ? talks : HttpResponse.json(talks))));
const renderTalks = () => renderApp({ route: '/talks', preloadedState: signedOutState });

describe('talks (public)', () => {
  it('lists upcoming talks first, the soonest first, then past ones by year, the latest first', async () => {
    serveTalks([
      aTalk({ id: 4, title: 'Later upcoming', date: '2999-09-01' }),
      aTalk({ id: 3, title: 'Sooner upcoming', date: '2999-07-08' }),
      aTalk({ id: 2, title: 'Spring 2021', date: '2021-04-01' }),
      aTalk({ id: 5, title: 'Autumn 2021', date: '2021-10-01' }),
      aTalk({ id: 1, title: 'In 2020', date: '2020-05-04' }),
    ]);
    renderTalks();
    expect(await screen.findByRole('heading', { level: 1, name: 'Talks' })).toBeInTheDocument();
    const sections = await screen.findAllByRole('region');
    const talksPerSection = sections.map((section) => [within(section).getByRole('heading', { level: 2 }).textContent, headingTexts(3, section)]);
    expect(talksPerSection).toEqual([
      ['Upcoming', ['Sooner upcoming', 'Later upcoming']],
      ['2021', ['Autumn 2021', 'Spring 2021']],
      ['2020', ['In 2020']],
    ]);
    expect(document.title).toBe('Talks | Elias Northcote');
  });

  it('shows each talk’s type, event, place and date, its abstract and its links, named in plain text', async () => {
    serveTalks([
      aTalk({
        id: 7,
        slides: 12,
        slides_url: '/api/talks/7/slides/',
        video: 'https://video.example.org/rough',
        paper: 1,
        paper_link: { key: 'northcote2019slv', title: 'Calibrating stochastic-local volatility with jumps' },
      }),
    ]);
    renderTalks();
    const talk = await screen.findByRole('article', { name: 'Rough volatility in practice' });
    expect(talk).toHaveAttribute('id', 'talk-7');
    expect(talk).toHaveTextContent('Conference talk · Bachelier Congress · Rio de Janeiro · 8 Jul 2999');
    expect(talk.querySelector('time')).toHaveAttribute('datetime', '2999-07-08');
    expect(talk.querySelector('math')).toHaveTextContent('σ');
    expectLinks(within(talk).getByRole('list', { name: 'Links of Rough volatility in practice' }), {
      'Slides of Rough volatility in practice': '/api/talks/7/slides/',
      'Video of Rough volatility in practice': 'https://video.example.org/rough',
      'Paper: Calibrating stochastic-local volatility with jumps': '/research/northcote2019slv',
    });
  });

  it('leaves out what a talk does not have', async () => {
    serveTalks([aTalk({ event: '', place: '', abstract: '', abstract_html: '', abstract_text: '', type: 'lecture', date: '2020-05-04' })]);
    renderTalks();
    const talk = await screen.findByRole('article', { name: 'Rough volatility in practice' });
    expect(talk).toHaveTextContent(/^Rough volatility in practiceLecture · 4 May 2020$/);
    expect(within(talk).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says so, kindly, when there are no talks yet, and when they cannot be loaded', async () => {
    serveTalks([]);
    const first = renderTalks();
    expect(await screen.findByText(/No talks listed yet/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    serveTalks(HttpResponse.json({ detail: 'Down.' }, { status: 503 }));
    renderTalks();
    expect(await screen.findByText('Failed to load talks.')).toBeInTheDocument();
  });

  it('counts a talk of today as upcoming until the day is over', () => {
    const talks = [aTalk({ id: 1, date: '2026-03-09' }), aTalk({ id: 2, date: '2026-03-10' })];
    expect(splitTalks(talks, '2026-03-10')).toEqual({ upcoming: [talks[1]], pastByYear: [['2026', [talks[0]]]] });
    expect(splitTalks(talks, '2026-03-11')).toEqual({ upcoming: [], pastByYear: [['2026', [talks[1], talks[0]]]] });
  });

  it('is linked from the Research page and the footer, not from the top bar', async () => {
    renderApp({ route: '/research', preloadedState: signedOutState });
    await screen.findByRole('heading', { level: 1, name: 'Research' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Talks' })).toHaveAttribute('href', '/talks');
    expect(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Talks' })).toHaveAttribute('href', '/talks');
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Talks' })).not.toBeInTheDocument();
  });

  it.each([
    ['/research', 'Research'],
    ['/talks', 'Talks'],
    ['/teaching', 'Teaching'],
  ])('puts the Research, Talks and Teaching navigation under the title of %s, marking the current page', async (route, current) => {
    serveTalks([]);
    server.use(http.get(url('/api/teaching/'), () => HttpResponse.json([])));
    renderApp({ route, preloadedState: signedOutState });
    await screen.findByRole('heading', { level: 1, name: current });
    const sections = screen.getByRole('navigation', { name: 'Research, talks and teaching' });
    const links = within(sections).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual(
      [
        ['Research', '/research'],
        ['Talks', '/talks'],
        ['Teaching', '/teaching'],
      ].map(([name, href]) => [name, href, name === current ? 'page' : null]),
    );
    // Under the title: the navigation follows the page's heading.
    expect(screen.getByRole('heading', { level: 1 }).compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
