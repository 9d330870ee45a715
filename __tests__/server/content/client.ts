import type { CurrentContent, SiteContent } from '../../../server/contract/content';
import type { Auth, TestServer } from '../testServer';

/** Saves the site's words as they stand with `changes` made; the answer to the save. */
export async function saveContent(server: TestServer, auth: Auth, changes: Partial<SiteContent>) {
  const current = (await server.inject({ method: 'GET', url: '/api/site-content/' })).json<CurrentContent>();
  return server.inject({
    method: 'PUT',
    url: '/api/site-content/',
    headers: auth,
    payload: { version: current.version, content: { ...current.content, ...changes } },
  });
}
