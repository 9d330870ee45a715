import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Absolute URL of an API path, as the SPA calls it. */
export const url = (path: string) => new URL(path, window.location.origin).toString();

/**
 * The network for SPA tests; each test adds the handlers it needs with server.use(...). The home page's
 * news list answers empty unless a test says otherwise, as on a fresh site.
 */
export const server = setupServer(http.get(url('/api/news/'), () => HttpResponse.json([])));
