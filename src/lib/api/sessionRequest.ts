/**
 * A call outside RTK Query's reauth layer, for the session's own requests (refresh, the startup
 * profile, logout): each decides itself what a failure means, and none may set off another refresh.
 * A body makes it a JSON POST; a token goes in the Authorization header.
 */
export function sessionRequest(path: string, { body, token }: { body?: unknown; token?: string | null } = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(new URL(path, window.location.origin), {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
