import type { FastifyInstance } from 'fastify';

import { InProcessQuery } from '../../server/src/pages/inProcessQuery';

/** A server whose answers the test sets, counting the requests made to it. */
function fakeServer(answers: Record<string, { statusCode: number; body: unknown }>) {
  const inject = jest.fn(async ({ url }: { url: string }) => {
    const { statusCode, body } = answers[url] ?? { statusCode: 404, body: { detail: 'Not found.' } };
    return { statusCode, payload: JSON.stringify(body) };
  });
  return { app: { inject } as unknown as FastifyInstance, inject };
}

const queryApi = {} as Parameters<InProcessQuery['query']>[1];

describe("the rendering store's in-process reads", () => {
  it('read a successful answer once until the data changes, and the answer read across a change not at all', async () => {
    const answers = { '/api/news/?limit=3': { statusCode: 200, body: [{ id: 1 }] } };
    const { app, inject } = fakeServer(answers);
    const reads = new InProcessQuery(app);
    const first = await reads.query({ url: '/api/news/', params: { limit: 3, tag: undefined } }, queryApi, {});
    expect(first).toMatchObject({ data: [{ id: 1 }] });
    expect(await reads.query({ url: '/api/news/', params: { limit: 3 } }, queryApi, {})).toBe(first);
    expect(inject).toHaveBeenCalledTimes(1);

    answers['/api/news/?limit=3'] = { statusCode: 200, body: [{ id: 2 }] };
    reads.clear();
    expect(await reads.query('/api/news/?limit=3', queryApi, {})).toMatchObject({ data: [{ id: 2 }] });
    expect(inject).toHaveBeenCalledTimes(2);

    // A change announced while the answer is read: it is used, then read again.
    inject.mockImplementationOnce(async () => {
      reads.clear();
      return { statusCode: 200, payload: '[{"id":3}]' };
    });
    reads.clear();
    expect(await reads.query('/api/news/?limit=3', queryApi, {})).toMatchObject({ data: [{ id: 3 }] });
    await reads.query('/api/news/?limit=3', queryApi, {});
    expect(inject).toHaveBeenCalledTimes(4);
  });

  it('read refusals and writes every time, and give a refusal as RTK Query expects it', async () => {
    const { app, inject } = fakeServer({ '/api/notes/x/': { statusCode: 200, body: { slug: 'x' } } });
    const reads = new InProcessQuery(app);
    for (let i = 0; i < 2; i += 1)
      expect(await reads.query('/api/notes/missing/', queryApi, {})).toMatchObject({ error: { status: 404, data: { detail: 'Not found.' } } });
    const missingKept = (response: Response) => response.ok || response.status === 404;
    expect(await reads.query({ url: '/api/notes/missing/', validateStatus: missingKept }, queryApi, {})).toMatchObject({ data: { detail: 'Not found.' } });
    for (let i = 0; i < 2; i += 1) await reads.query({ url: '/api/notes/x/', method: 'POST', body: {} }, queryApi, {});
    expect(inject).toHaveBeenCalledTimes(5);
    // The status of the answer, for the endpoints that read it.
    expect((await reads.query('/api/notes/x/', queryApi, {})).meta?.response?.status).toBe(200);
  });
});
