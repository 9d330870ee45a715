import { saveNote } from './follow/support';
import { serverWithAccountsFor } from './testServer';

describe('ids in paths', () => {
  const { server, staff } = serverWithAccountsFor('all');

  it('are decimal: other spellings of a number name nothing', async () => {
    const { id } = await saveNote(server, staff, { title: 'Five', slug: 'five', body: 'Text.', publish: 'draft' });
    const get = (spelling: string) => server.inject({ method: 'GET', url: `/api/notes/manage/${spelling}/`, headers: staff });
    expect((await get(String(id))).statusCode).toBe(200);
    for (const spelling of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `0b${id.toString(2)}`, `0${id}`, `+${id}`, `${id}.0`]) {
      const answer = await get(spelling);
      expect([spelling, answer.statusCode, answer.json()]).toEqual([spelling, 404, { detail: 'Not found.' }]);
    }
    const removed = await server.inject({ method: 'DELETE', url: `/api/notes/manage/${id}e0/`, headers: staff });
    expect(removed.statusCode).toBe(404);
    expect((await get(String(id))).statusCode).toBe(200);
  });
});
