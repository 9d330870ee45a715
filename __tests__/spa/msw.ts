import { setupServer } from 'msw/node';

/** The network for SPA tests; each test adds the handlers it needs with server.use(...). */
export const server = setupServer();
/** Absolute URL of an API path, as the SPA calls it. */
export const url = (path: string) => new URL(path, window.location.origin).toString();
