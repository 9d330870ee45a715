import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

import type { FollowChoices, FollowStatus } from '@/contract/follow';
import type { NoteList } from '@/contract/notes';

/** Absolute URL of an API path, as the SPA calls it. */
export const url = (path: string) => new URL(path, window.location.origin).toString();

/** The list of notes on a site without any. */
export const noNotes: NoteList = { notes: [], page: 1, pages: 1, total: 0, tags: [] };

/** An account that follows nothing yet, its address confirmed. */
export const notFollowing: FollowChoices = { papers: false, notes: false, talks: false, digest: false, email_confirmed: true, following: false };

/** A site nobody follows yet. */
export const noFollowers: FollowStatus = { followers: 0, waiting: 0, waiting_account: 0, last_send: null };

/**
 * The network for SPA tests; each test adds the handlers it needs with server.use(...). The home page's
 * news, notes and selected papers, the talks a paper's page lists (and the publications the site-content editor asks about) answer empty unless a
 * test says otherwise, as on a fresh site; so do the profile's
 * and the dashboard's follower figures; the owner's setup is done.
 */
export const server = setupServer(
  http.get(url('/api/news/'), () => HttpResponse.json([])),
  http.get(url('/api/notes/'), () => HttpResponse.json(noNotes)),
  http.get(url('/api/publications/'), () => HttpResponse.json([])),
  http.get(url('/api/publications/selected/'), () => HttpResponse.json([])),
  http.get(url('/api/talks/'), () => HttpResponse.json([])),
  http.get(url('/api/follow/choices/'), () => HttpResponse.json(notFollowing)),
  http.get(url('/api/follow/status/'), () => HttpResponse.json(noFollowers)),
  // A site its owner has set up, with no pictures (the site-content editor offers them as the owner's photo).
  http.get(url('/api/setup/'), () => HttpResponse.json({ needed: false, allowed: true })),
  http.get(url('/api/photos/images/'), () => HttpResponse.json([])),
);

/** A handler answering GET `path` with what `read` gives at the time of the call, counting the calls in `calls[name]`. */
export const countedGet = <Name extends string>(path: string, read: () => JsonBodyType, calls: Record<Name, number>, name: Name) =>
  http.get(url(path), () => {
    calls[name] += 1;
    return HttpResponse.json(read());
  });

/** Answers `path` with a list, or with what `answer` makes of the call (a failure, say). */
export const serveList = <T>(path: string, list: T[] | (() => Response)) =>
  server.use(http.get(url(path), () => (typeof list === 'function' ? list() : HttpResponse.json(list))));
