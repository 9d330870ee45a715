import { isoAt } from '../../server/src/db/columns';
import { buildTestServer, insertUser, recordChanges, type TestServer } from './testServer';

const DAY_MS = 24 * 3600_000;

/** A note scheduled an hour ahead, then moved back to a minute ago behind the scheduler's back, as if the hour had passed. */
async function noteWhoseTimeHasCome(server: TestServer): Promise<void> {
  const staff = (await insertUser(server, { is_staff: true })).auth;
  const saved = await server.inject({
    method: 'POST',
    url: '/api/notes/manage/',
    headers: staff,
    payload: {
      title: 'Rough paths',
      slug: 'rough-paths',
      summary: 'A summary.',
      tags: [],
      cover_image: null,
      body: 'Text.',
      publish: 'schedule',
      publish_at: isoAt(Date.now() + 3600_000),
    },
  });
  expect(saved.statusCode).toBe(201);
  await server.db
    .updateTable('notes')
    .set({ publish_at: isoAt(Date.now() - 60_000) })
    .execute();
}

const noteStatus = async (server: TestServer) => (await server.inject({ method: 'GET', url: '/api/notes/rough-paths/' })).statusCode;

describe('the scheduled work, run on demand', () => {
  let server: Awaited<ReturnType<typeof buildTestServer>> | undefined;
  afterEach(async () => {
    await server?.cleanup();
    server = undefined;
  });

  it('publishes what is due and announces the day change to talks when tests ask, instead of when the timers fire', async () => {
    server = await buildTestServer();
    await noteWhoseTimeHasCome(server);
    expect(await noteStatus(server)).toBe(404);
    await server.background.runAll();
    expect(await noteStatus(server)).toBe(200);

    const announced = recordChanges(server, ['Talk']);
    await server.background.runAll();
    expect(announced).toEqual([]);
    const tomorrow = Date.now() + DAY_MS;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(tomorrow);
    try {
      await server.background.runAll();
      await server.background.runAll();
    } finally {
      clock.mockRestore();
    }
    expect(announced).toEqual([['Talk']]);
  });

  it('has a route that runs it, with TEST_HOOKS=1 only', async () => {
    server = await buildTestServer({ testHooks: true });
    await noteWhoseTimeHasCome(server);
    const run = await server.inject({ method: 'POST', url: '/api/test/background/', headers: { origin: server.config.publicUrl } });
    expect(run.statusCode).toBe(204);
    expect(await noteStatus(server)).toBe(200);
    await server.cleanup();

    server = await buildTestServer();
    const absent = await server.inject({ method: 'POST', url: '/api/test/background/', headers: { origin: server.config.publicUrl } });
    expect(absent.statusCode).toBe(404);
  });
});
