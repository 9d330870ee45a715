import type { Document } from '../../../server/contract';
import { DOWNLOAD_LINK_MINUTES } from '../../../server/contract/signInRules';
import { insertUser, serverWithAccountsFor } from '../testServer';
import { createCategory, uploadDocument } from './client';

describe('staff download links', () => {
  const { server, staff } = serverWithAccountsFor();

  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  let serial = 0;
  /** A document that is not the current CV, and the link a staff member's list gives for it. */
  async function privateDocument(auth: Record<string, string>) {
    const papers = await createCategory(server, staff, `Papers ${(serial += 1)}`);
    const uploaded = await uploadDocument(server, staff, { name: 'Draft', category: String(papers.id) });
    expect(uploaded.statusCode).toBe(201);
    const { id } = uploaded.json<Document>();
    const list = await get('/api/documents/documents/', auth);
    return list.json<Document[]>().find((doc) => doc.id === id)!.download_url;
  }

  it('work in a plain browser link while the sign-in that made them is live', async () => {
    const colleague = await insertUser(server, { is_staff: true });
    const link = await privateDocument(colleague.auth);
    expect((await get(link)).statusCode).toBe(200);

    // Signing out (here: of that one browser) ends the link at once.
    await server.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: colleague.refresh } });
    expect((await get(link)).statusCode).toBe(401);
  });

  it('die when their maker is signed out everywhere, loses staff rights or is deactivated', async () => {
    const owner = await insertUser(server, { is_owner: true });
    for (const [what, end] of [
      ['signed out everywhere', (id: number) => server.inject({ method: 'POST', url: `/api/admin/users/${id}/sign-out/`, headers: owner.auth })],
      [
        'no longer staff',
        (id: number) => server.inject({ method: 'PATCH', url: `/api/admin/users/${id}/`, headers: owner.auth, payload: { is_staff: false } }),
      ],
      ['deactivated', (id: number) => server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute()],
    ] as const) {
      const colleague = await insertUser(server, { is_staff: true });
      const link = await privateDocument(colleague.auth);
      expect([what, (await get(link)).statusCode]).toEqual([what, 200]);
      await end(colleague.user.id);
      expect([what, (await get(link)).statusCode]).toEqual([what, 401]);
    }
  });

  it(`die after ${DOWNLOAD_LINK_MINUTES} minutes`, async () => {
    const link = await privateDocument(staff);
    const made = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(made + DOWNLOAD_LINK_MINUTES * 60_000 - 1000);
      expect((await get(link)).statusCode).toBe(200);
      clock.mockReturnValue(made + (DOWNLOAD_LINK_MINUTES + 1) * 60_000 + 1000);
      expect((await get(link)).statusCode).toBe(401);
    } finally {
      clock.mockRestore();
    }
  });

  it('name their sign-in in the signature: another sign-in’s number does not fit', async () => {
    const link = await privateDocument(staff);
    const other = await insertUser(server, { is_staff: true });
    const otherSession = await server.db.selectFrom('user_sessions').select('id').where('user_id', '=', other.user.id).executeTakeFirstOrThrow();
    expect((await get(link.replace(/session=\d+/, `session=${otherSession.id}`))).statusCode).toBe(401);
    expect((await get(link.replace(/session=\d+&/, ''))).statusCode).toBe(401);
  });

  it('leave the current CV public for every visitor, signed in or not', async () => {
    const cv = await createCategory(server, staff, 'CV');
    const uploaded = await uploadDocument(server, staff, { name: 'CV', category: String(cv.id), is_current: 'true' });
    const { id } = uploaded.json<Document>();
    await server.inject({ method: 'POST', url: '/api/users/sessions/revoke-all/', headers: staff });
    expect((await get(`/api/documents/documents/${id}/download/`)).statusCode).toBe(200);
    const current = await get('/api/documents/documents/current_cv/');
    expect((await get(current.json<Document>().download_url)).statusCode).toBe(200);
  });
});
