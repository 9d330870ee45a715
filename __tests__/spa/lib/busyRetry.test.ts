import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { makeStore } from '@/app/store';
import { api } from '@/lib/api/apiSlice';
import { CHUNK_RETRY_MS, retryChunkOnce } from '@/lib/retryChunk';

import { server, url } from '../msw';
import { aNoteList, aNoteSummary } from '../public/noteFixtures';
import { renderApp, signedOutState } from '../render';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    busyProbe: build.query<{ ok: boolean }, void>({ query: () => '/api/busy/' }),
    busySend: build.mutation<{ ok: boolean }, void>({ query: () => ({ url: '/api/busy/', method: 'POST' }) }),
  }),
});

const busy = (retryAfter?: string) =>
  HttpResponse.json(
    { detail: 'The server is busy. Please try again in a few seconds.' },
    { status: 503, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
  );

/** Answers the calls to /api/busy/ in turn; the last answer stands for every further call. */
function answerInTurn(method: 'get' | 'post', ...answers: (() => Response)[]) {
  const asked: number[] = [];
  server.use(
    http[method](url('/api/busy/'), () => {
      asked.push(Date.now());
      return answers[Math.min(asked.length, answers.length) - 1]();
    }),
  );
  return asked;
}

describe('a read the server was too busy to answer', () => {
  it('is asked again after the Retry-After the server sent, and gets its data without an error', async () => {
    const asked = answerInTurn(
      'get',
      () => busy('1'),
      () => HttpResponse.json({ ok: true }),
    );
    const result = await makeStore().dispatch(probeApi.endpoints.busyProbe.initiate());
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ ok: true });
    expect(asked).toHaveLength(2);
    expect(asked[1] - asked[0]).toBeGreaterThanOrEqual(900);
  });

  it('is asked twice more at most, then shows the error', async () => {
    const asked = answerInTurn('get', () => busy('0'));
    const result = await makeStore().dispatch(probeApi.endpoints.busyProbe.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(asked).toHaveLength(3);
  });

  it('waits 10 s at most, whatever the server asks', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const asked = answerInTurn(
        'get',
        () => busy('3600'),
        () => HttpResponse.json({ ok: true }),
      );
      const call = makeStore().dispatch(probeApi.endpoints.busyProbe.initiate());
      while (asked.length === 0) await jest.advanceTimersByTimeAsync(10);
      await jest.advanceTimersByTimeAsync(9_900);
      expect(asked).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(200);
      expect((await call).data).toEqual({ ok: true });
      expect(asked).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is not asked again without Retry-After, nor is a change', async () => {
    const read = answerInTurn('get', () => busy());
    expect((await makeStore().dispatch(probeApi.endpoints.busyProbe.initiate())).error).toMatchObject({ status: 503 });
    expect(read).toHaveLength(1);

    const change = answerInTurn('post', () => busy('0'));
    expect(await makeStore().dispatch(probeApi.endpoints.busySend.initiate())).toMatchObject({ error: { status: 503 } });
    expect(change).toHaveLength(1);
  });
});

describe('a screen whose data the server was too busy to send', () => {
  it('shows the data once the server answers, and no error meanwhile', async () => {
    let asked = 0;
    server.use(
      http.get(url('/api/notes/'), () => {
        asked += 1;
        return asked === 1 ? busy('1') : HttpResponse.json(aNoteList({ notes: [aNoteSummary()], total: 1 }));
      }),
    );
    renderApp({ route: '/notes', preloadedState: signedOutState });
    expect(await screen.findByText('Loading notes...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'The volatility smile' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load notes.')).not.toBeInTheDocument();
    expect(asked).toBe(2);
  });
});

describe('a chunk of code that fails to arrive', () => {
  afterEach(() => jest.useRealTimers());

  it('is asked for once more, a moment later', async () => {
    jest.useFakeTimers();
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce('screen');
    const loading = retryChunkOnce(load)();
    await jest.advanceTimersByTimeAsync(CHUNK_RETRY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails when the second request fails too', async () => {
    jest.useFakeTimers();
    const load = jest.fn<Promise<string>, []>().mockRejectedValue(new Error('ChunkLoadError'));
    const loading = retryChunkOnce(load)();
    const failed = expect(loading).rejects.toThrow('ChunkLoadError');
    await jest.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    await failed;
    expect(load).toHaveBeenCalledTimes(2);
  });
});
