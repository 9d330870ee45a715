import { type Talk, TALK_LIMITS, TALK_MESSAGES, type TalkInput } from '../../../server/contract/talks';
import { documentIn } from '../media/client';
import { tinyPdf } from '../media/fixtures';
import { PAPERS_BIB } from '../publications/fixtures';
import { collectionClient, describeStaffCollection, tooLong, type WrongValues } from '../staffCollection';
import { serverWithAccountsFor } from '../testServer';
import { talkInput as input } from './fixtures';

/** Each field's message and its wrong values, with their own message where they are refused with another. */
const wrongValues: WrongValues<TalkInput> = {
  title: {
    message: TALK_MESSAGES.titleRequired,
    cases: [['no title', ' '], tooLong('a title', TALK_LIMITS.title, TALK_MESSAGES.titleTooLong)],
  },
  event: { message: TALK_MESSAGES.eventTooLong, cases: [tooLong('an event', TALK_LIMITS.event)] },
  place: { message: TALK_MESSAGES.placeTooLong, cases: [tooLong('a place', TALK_LIMITS.place)] },
  date: {
    message: TALK_MESSAGES.date,
    cases: [
      ['a date in another format', '08/07/2026'],
      ['an impossible date', '2026-02-30'],
    ],
  },
  type: { message: TALK_MESSAGES.type, cases: [['a type not on the list', 'keynote']] },
  video: {
    message: TALK_MESSAGES.video,
    cases: [
      ['a relative video link', '/video'],
      ['a javascript: video link', 'javascript:alert(1)'],
      ['another scheme', 'ftp://example.org/talk.mp4'],
      ['a video link that is too long', `https://example.org/${'a'.repeat(TALK_LIMITS.video)}`, TALK_MESSAGES.videoTooLong],
    ],
  },
  slides: { message: TALK_MESSAGES.slides, cases: [['slides that are not in the library', 999]] },
  paper: { message: TALK_MESSAGES.paper, cases: [['a paper that is not on the Research page', 999]] },
};

describeStaffCollection('talks API', {
  url: '/api/talks/',
  input,
  change: { title: 'Rough volatility, revisited', abstract: 'New.' },
  same: { title: ' Rough volatility in practice ' },
  topic: 'Talk',
  audit: {
    action: 'talk',
    subject: (id) => `talk ${id} (2026-07-08)`,
    details: ['Rough volatility in practice', 'Changed title, abstract.', 'Rough volatility, revisited'],
  },
  wrongValues,
  severalWrong: { title: '', date: '2026-13-01', type: '' },
});

describe('talks API', () => {
  const { server, staff } = serverWithAccountsFor();
  const { post, list, created } = collectionClient<TalkInput, Talk>(server, staff, '/api/talks/', input);
  const aPublication = async () => {
    const response = await server.inject({ method: 'POST', url: '/api/publications/import/', headers: staff, payload: { bibtex: PAPERS_BIB } });
    expect(response.statusCode).toBe(200);
    const publications = (await server.inject({ method: 'GET', url: '/api/publications/' })).json<{ id: number; cite_key: string }[]>();
    return publications.find((publication) => publication.cite_key === 'northcote2019slv')!.id;
  };

  it('creates a talk and lists it, the latest first, with every field', async () => {
    const older = await created({ date: '2025-03-02', title: 'Older' });
    const talk = await created({ video: 'https://video.example.org/talk', type: 'invited' });
    expect(talk).toEqual({
      id: expect.any(Number),
      title: 'Rough volatility in practice',
      event: 'Bachelier Congress',
      place: 'Rio de Janeiro',
      date: '2026-07-08',
      type: 'invited',
      abstract: '',
      abstract_html: '',
      abstract_text: '',
      slides: null,
      slides_url: '',
      video: 'https://video.example.org/talk',
      paper: null,
      paper_link: null,
      updated_at: expect.any(String),
    });
    expect(await list()).toEqual([talk, older]);
  });

  it('trims what staff write and takes an empty event, place and video', async () => {
    expect(await created({ title: '  Seminar on jumps \n', event: '', place: ' ', date: ' 2024-02-29 ', video: '' })).toMatchObject({
      title: 'Seminar on jumps',
      event: '',
      place: '',
      date: '2024-02-29',
      video: '',
    });
  });

  it('renders the abstract as notes are rendered: Markdown with mathematics, sanitised, headings under the talk’s', async () => {
    const talk = await created({
      abstract:
        '# Idea\n\nWe price with $\\sigma(K)$ and **jumps**.\n\n<script>alert(1)</script><img src=x onerror="alert(2)">\n\n[a link](javascript:alert(3))',
    });
    expect(talk.abstract_html).toMatch(/<math[^>]*>.*σ/);
    expect(talk.abstract_html).toContain('<strong>jumps</strong>');
    expect(talk.abstract_html).toContain('<h4');
    expect(talk.abstract_html).not.toMatch(/<script|onerror|javascript:|<h[1-3]/i);
    expect(talk.abstract_text).toContain('We price with σ(K) and jumps.');
    expect(talk.abstract).toContain('<script>');
  });

  it('refuses Markdown it cannot render, by line, as notes do, and an abstract over the limit', async () => {
    const broken = await post(input({ abstract: 'Fine.\n\n$$\\frac{1}{$$' }));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ abstract: [expect.stringMatching(/^Line 3: This formula does not parse: /)] });
    const long = await post(input({ abstract: 'é'.repeat(TALK_LIMITS.abstractBytes / 2 + 1) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ abstract: [TALK_MESSAGES.abstractTooLong] });
    expect(await list()).toEqual([]);
  });

  it('refuses an id that is not one, with 400', async () => {
    for (const payload of [
      { ...input(), slides: 'one' },
      { ...input(), paper: -1 },
      { ...input(), slides: 2 ** 31 },
    ])
      expect((await post(payload)).statusCode).toBe(400);
    expect(await list()).toEqual([]);
  });

  it('links slides visitors can download and a paper by its page, and loses neither talk when they are deleted', async () => {
    const slides = await documentIn(server, staff, 'Slides', 'Slides, Bachelier 2026', { data: tinyPdf('Slides') });
    const paper = await aPublication();
    const talk = await created({ slides, paper });
    expect(talk).toMatchObject({
      slides,
      slides_url: `/api/talks/${talk.id}/slides/`,
      paper,
      paper_link: { key: 'northcote2019slv', title: 'Calibrating stochastic-local volatility with jumps' },
    });
    const download = await server.inject({ method: 'GET', url: talk.slides_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');

    expect((await server.inject({ method: 'DELETE', url: `/api/documents/documents/${slides}/`, headers: staff })).statusCode).toBe(204);
    expect((await server.inject({ method: 'DELETE', url: `/api/publications/${paper}/`, headers: staff })).statusCode).toBe(204);
    expect(await list()).toEqual([{ ...talk, slides: null, slides_url: '', paper: null, paper_link: null }]);
    const gone = await server.inject({ method: 'GET', url: talk.slides_url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: TALK_MESSAGES.noSlides });
  });
});
