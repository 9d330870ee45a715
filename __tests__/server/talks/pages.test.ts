import type { Talk, TalkInput } from '../../../server/contract/talks';
import { PAPERS_BIB } from '../publications/fixtures';
import { collectionPageServer, PAGE_PUBLIC_URL } from '../staffCollection';
import { servedPage } from '../testServer';
import { talkInput } from './fixtures';

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(([, json]) => JSON.parse(json));

describe('the Talks page, server-rendered', () => {
  const { server, staff, get, created: add, remove } = collectionPageServer<TalkInput, Talk>('/api/talks/', talkInput);

  it('shows a friendly empty state on a fresh site, and lists /talks in the sitemap', async () => {
    const page = await servedPage(server, '/talks', 'Talks');
    expect(page).toContain('No talks listed yet');
    expect(jsonLd(page).some((data) => Array.isArray(data) && data[0]?.['@type'] === 'Event')).toBe(false);
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${PAGE_PUBLIC_URL}/talks</loc>`);
    expect((await get('/robots.txt')).body).toContain('Disallow: /manage-talks\n');
  });

  it('draws each talk into the first HTML, upcoming first, with its abstract, links and an Event, and again after each write', async () => {
    await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPERS_BIB } });
    const paper = (await get('/api/publications/')).json<{ id: number; cite_key: string }[]>().find(({ cite_key }) => cite_key === 'northcote2019slv')!;
    await add({
      title: 'Jumps in calibration',
      event: '',
      place: '',
      date: '2020-05-04',
      type: 'seminar',
      paper: paper.id,
      video: 'https://video.example.org/jumps',
    });
    const upcoming = await add({
      title: 'Rough volatility in practice',
      event: 'Bachelier Congress',
      place: 'Rio de Janeiro',
      date: '2999-07-08',
      type: 'conference',
      abstract: 'We price with $\\sigma(K)$.',
    });

    const page = (await get('/talks')).body;
    // What the screen shows, in its order (the head names the talks too).
    const main = page.slice(page.indexOf('<main'));
    const at = (text: string) => main.indexOf(text);
    expect(at('<h2 id="talks-upcoming">Upcoming</h2>')).toBeGreaterThan(0);
    expect(at('<h2 id="talks-upcoming">Upcoming</h2>')).toBeLessThan(at('Rough volatility in practice'));
    expect(at('Rough volatility in practice')).toBeLessThan(at('<h2 id="talks-2020">2020</h2>'));
    expect(at('<h2 id="talks-2020">2020</h2>')).toBeLessThan(at('Jumps in calibration'));
    expect(main).toMatch(/<math[^>]*>.*σ/);
    expect(main).toContain('<time dateTime="2999-07-08">8 Jul 2999</time>');
    expect(main).toContain('href="/research/northcote2019slv"');
    expect(main).toContain('href="https://video.example.org/jumps"');

    const events = jsonLd(page).find((data) => Array.isArray(data) && data[0]?.['@type'] === 'Event') as Record<string, unknown>[];
    expect(events).toHaveLength(2);
    expect(events.find((event) => event.name === 'Rough volatility in practice')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Rough volatility in practice',
      startDate: '2999-07-08',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Rio de Janeiro', address: 'Rio de Janeiro' },
      superEvent: { '@type': 'Event', name: 'Bachelier Congress' },
      description: 'We price with σ(K).',
      performer: { '@type': 'Person', name: expect.any(String) },
      url: `${PAGE_PUBLIC_URL}/talks#talk-${upcoming.id}`,
    });
    expect(events.find((event) => event.name === 'Jumps in calibration')).not.toHaveProperty('location');

    // A write of a talk, and a deleted paper a talk links, draw the page again.
    await remove(upcoming.id);
    expect((await get('/talks')).body).not.toContain('Rough volatility in practice');
    expect((await server.inject({ method: 'DELETE', url: `/api/publications/${paper.id}/`, headers: staff })).statusCode).toBe(204);
    const after = (await get('/talks')).body;
    expect(after).toContain('Jumps in calibration');
    expect(after).not.toContain('href="/research/northcote2019slv"');
  });
});
