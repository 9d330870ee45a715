import { http, HttpResponse } from 'msw';

import type { NoteList, NoteSummary, PublicNote } from '@/contract/notes';

import { server, url } from '../msw';

/** A published note as lists show it. */
export const aNoteSummary = (overrides: Partial<NoteSummary> = {}): NoteSummary => ({
  slug: 'volatility-smile',
  title: 'The volatility smile',
  summary: 'Why implied volatility depends on the strike.',
  tags: ['volatility', 'options'],
  published_at: '2026-11-20T09:30:00.000Z',
  revised_at: null,
  reading_minutes: 6,
  cover: null,
  ...overrides,
});

/** A published note as its page shows it; the HTML is what the server renders. */
export const aNote = (overrides: Partial<PublicNote> = {}): PublicNote => ({
  ...aNoteSummary(),
  html: '<p>Implied volatility <code>σ(K)</code> is not flat.</p>\n<div class="math-display"><span class="katex"><math display="block"><mi>x</mi></math></span></div>',
  outline: [],
  previous: null,
  next: null,
  ...overrides,
});

export const aNoteList = (overrides: Partial<NoteList> = {}): NoteList => ({
  notes: [aNoteSummary()],
  page: 1,
  pages: 1,
  total: 1,
  tags: [
    { tag: 'options', count: 1 },
    { tag: 'volatility', count: 1 },
  ],
  ...overrides,
});

/** The notes list call, answering `list`; answers the query strings it was asked with. */
export function serveNoteList(list: NoteList) {
  const asked: string[] = [];
  server.use(
    http.get(url('/api/notes/'), ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(list);
    }),
  );
  return asked;
}

/** One note's call: the note for its slug (and any earlier ones), 404 for any other. */
export function serveNote(note: PublicNote, earlierSlugs: string[] = []) {
  server.use(
    http.get(url('/api/notes/:slug/'), ({ params }) =>
      [note.slug, ...earlierSlugs].includes(String(params.slug)) ? HttpResponse.json(note) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    ),
  );
}
