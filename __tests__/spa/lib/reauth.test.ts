import { http, HttpResponse } from 'msw';

import { makeStore } from '@/app/store';
import { api } from '@/lib/api/apiSlice';
import { browser } from '@/lib/navigation';

import { server, url } from '../msw';
import { aUser } from '../render';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, string>({ query: (path) => path }),
    send: build.mutation<unknown, { path: string; body: unknown }>({ query: ({ path, body }) => ({ url: path, method: 'POST', body }) }),
    credentials: build.mutation<unknown, void>({ query: () => ({ url: '/api/creds/', method: 'POST' }), extraOptions: { skipReauth: true } }),
  }),
});

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** Answers 401 unless the request carries the given bearer token. */
const protectedBy = (token: string, calls: string[] = []) =>
  http.get(url('/api/thing/'), ({ request }) => {
    calls.push(request.headers.get('authorization') ?? '');
    return request.headers.get('authorization') === `Bearer ${token}`
      ? HttpResponse.json({ ok: true })
      : HttpResponse.json({ detail: 'expired' }, { status: 401 });
  });

function signedInStore() {
  return makeStore({ session: { status: 'signedIn', user: aUser() } });
}

/** What probes of `paths`, sent at once from one signed-in store, answer. */
async function probedTogether(...paths: string[]) {
  const store = signedInStore();
  const results = await Promise.all(paths.map((path) => store.dispatch(probeApi.endpoints.probe.initiate(path))));
  return results.map((result) => result.data);
}

describe('per-request token refresh', () => {
  it('refreshes once on a 401, stores the new token and retries the request with it', async () => {
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'r1');
    const calls: string[] = [];
    server.use(
      protectedBy('fresh', calls),
      http.post(url('/api/token/refresh/'), () => HttpResponse.json({ access: 'fresh' })),
    );
    const store = signedInStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/thing/'));
    expect(result.data).toEqual({ ok: true });
    expect(calls).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(localStorage.getItem('access')).toBe('fresh');
    expect(assign).not.toHaveBeenCalled();
  });

  it('removes both tokens and sends the browser to /signin when the refresh fails', async () => {
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'r1');
    server.use(
      protectedBy('fresh'),
      http.post(url('/api/token/refresh/'), () => HttpResponse.json({ detail: 'bad' }, { status: 401 })),
    );
    const store = signedInStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/thing/'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(store.getState().session.status).toBe('signedOut');
    expect(assign).toHaveBeenCalledWith('/signin?session=ended');
  });

  it('treats a refresh answer without access as a failure', async () => {
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'r1');
    server.use(
      protectedBy('fresh'),
      http.post(url('/api/token/refresh/'), () => HttpResponse.json({})),
    );
    await signedInStore().dispatch(probeApi.endpoints.probe.initiate('/api/thing/'));
    expect(assign).toHaveBeenCalledWith('/signin?session=ended');
  });

  it('sends the browser to /signin without calling refresh when no refresh token exists', async () => {
    localStorage.setItem('access', 'stale');
    let refreshCalls = 0;
    server.use(
      protectedBy('fresh'),
      http.post(url('/api/token/refresh/'), () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'fresh' });
      }),
    );
    await signedInStore().dispatch(probeApi.endpoints.probe.initiate('/api/thing/'));
    expect(refreshCalls).toBe(0);
    expect(localStorage.getItem('access')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/signin?session=ended');
  });

  it('retries a request at most once: a second 401 goes to the caller', async () => {
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'r1');
    const calls: string[] = [];
    let refreshCalls = 0;
    server.use(
      protectedBy('never', calls),
      http.post(url('/api/token/refresh/'), () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: `fresh-${refreshCalls}` });
      }),
    );
    const result = await signedInStore().dispatch(probeApi.endpoints.probe.initiate('/api/thing/'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(refreshCalls).toBe(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'r1');
    let refreshCalls = 0;
    server.use(
      protectedBy('fresh'),
      http.get(url('/api/other/'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh' ? HttpResponse.json({ ok: true }) : HttpResponse.json({}, { status: 401 }),
      ),
      http.post(url('/api/token/refresh/'), async () => {
        refreshCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ access: 'fresh' });
      }),
    );
    expect(await probedTogether('/api/thing/', '/api/other/')).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshCalls).toBe(1);
  });

  it('passes other errors to the caller untouched', async () => {
    server.use(http.get(url('/api/thing/'), () => HttpResponse.json({ detail: 'Nope' }, { status: 403 })));
    const result = await signedInStore().dispatch(probeApi.endpoints.probe.initiate('/api/thing/'));
    expect(result.error).toEqual({ status: 403, data: { detail: 'Nope' } });
    expect(assign).not.toHaveBeenCalled();
  });

  it('answers the caller directly for calls whose 401 means wrong credentials', async () => {
    localStorage.setItem('refresh', 'r1');
    server.use(http.post(url('/api/creds/'), () => HttpResponse.json({ detail: 'No active account' }, { status: 401 })));
    const result = await signedInStore().dispatch(probeApi.endpoints.credentials.initiate());
    expect(result).toMatchObject({ error: { status: 401, data: { detail: 'No active account' } } });
    expect(localStorage.getItem('refresh')).toBe('r1');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('request headers', () => {
  it('sends Accept JSON, the bearer token, the CSRF cookie as X-CSRFToken and JSON bodies', async () => {
    localStorage.setItem('access', 'tok');
    document.cookie = 'csrftoken=csrf-123; path=/';
    let headers: Headers | undefined;
    let body: unknown;
    server.use(
      http.post(url('/api/echo/'), async ({ request }) => {
        headers = request.headers;
        body = await request.json();
        return HttpResponse.json({});
      }),
    );
    await signedInStore().dispatch(probeApi.endpoints.send.initiate({ path: '/api/echo/', body: { a: 1 } }));
    expect(headers?.get('accept')).toBe('application/json');
    expect(headers?.get('authorization')).toBe('Bearer tok');
    expect(headers?.get('x-csrftoken')).toBe('csrf-123');
    expect(headers?.get('content-type')).toBe('application/json');
    expect(body).toEqual({ a: 1 });
  });

  it('lets the browser set a multipart content type for form data, and sends no bearer without a token', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post(url('/api/upload/'), ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({});
      }),
    );
    const form = new FormData();
    form.append('title', 'x');
    await signedInStore().dispatch(probeApi.endpoints.send.initiate({ path: '/api/upload/', body: form }));
    expect(headers?.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(headers?.get('authorization')).toBeNull();
  });
});

describe('a 401 that arrives after another request already refreshed', () => {
  beforeEach(() => {
    jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });

  it('retries with the newer token without a second refresh', async () => {
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'r1');
    let refreshCalls = 0;
    server.use(
      http.get(url('/api/slow/'), async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer fresh') return HttpResponse.json({ ok: true });
        await new Promise((resolve) => setTimeout(resolve, 60));
        return HttpResponse.json({}, { status: 401 });
      }),
      protectedBy('fresh'),
      http.post(url('/api/token/refresh/'), () => {
        refreshCalls += 1;
        return HttpResponse.json({ access: 'fresh' });
      }),
    );
    expect(await probedTogether('/api/slow/', '/api/thing/')).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshCalls).toBe(1);
  });
});
