import type { Document, DocumentCategory } from '../../../server/contract';
import { recordChanges, serverWithAccountsFor } from '../testServer';
import { auditActions, createCategory, currentFlags, uploadDocument } from './client';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

describe('document categories: list, rename and delete', () => {
  const { server, staff, user } = serverWithAccountsFor();

  const send = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = staff) =>
    server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const categories = async () => (await send('GET', '/api/documents/categories/')).json<DocumentCategory[]>();
  const rename = (id: number, payload: object) => send('PATCH', `/api/documents/categories/${id}/`, payload);
  const remove = (id: number, moveTo?: number | string) =>
    send('DELETE', `/api/documents/categories/${id}/${moveTo === undefined ? '' : `?move_to=${moveTo}`}`);
  const upload = async (name: string, category: number, isCurrent = false) => {
    const res = await uploadDocument(server, staff, { name, category: String(category), is_current: String(isCurrent) });
    expect(res.statusCode).toBe(201);
    return res.json<Document>();
  };
  const auditLines = () => server.db.selectFrom('audit_log').select(['action', 'subject', 'details']).orderBy('id').execute();

  it('lists categories by name with how many documents each holds', async () => {
    const papers = await createCategory(server, staff, 'Papers', 'Working papers');
    const cv = await createCategory(server, staff, 'CV');
    await createCategory(server, staff, 'Archive');
    await upload('CV 2025', cv.id, true);
    await upload('Paper A', papers.id);
    await upload('Paper B', papers.id);
    expect(await categories()).toEqual([
      { id: expect.any(Number), name: 'Archive', description: '', document_count: 0 },
      { id: cv.id, name: 'CV', description: '', document_count: 1 },
      { id: papers.id, name: 'Papers', description: 'Working papers', document_count: 2 },
    ]);
  });

  describe('rename', () => {
    it('renames and describes a category; its documents show the new name', async () => {
      const papers = await createCategory(server, staff, 'Papers');
      await upload('Paper', papers.id);
      const res = await rename(papers.id, { name: ' Working papers ', description: 'Drafts under review' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: papers.id, name: 'Working papers', description: 'Drafts under review', document_count: 1 });
      expect((await send('GET', '/api/documents/documents/')).json<Document[]>()[0].category_name).toBe('Working papers');
      expect((await auditLines()).at(-1)).toEqual({
        action: 'category.updated',
        subject: `category ${papers.id} "Working papers"`,
        details: 'renamed from "Papers"',
      });
    });

    it('changes only what is sent, and lets a category change the case of its own name', async () => {
      const cv = await createCategory(server, staff, 'Cv', 'Curriculum vitae');
      expect((await rename(cv.id, { description: 'Updated' })).json()).toMatchObject({ name: 'Cv', description: 'Updated' });
      expect((await rename(cv.id, { name: 'CV' })).json()).toMatchObject({ name: 'CV', description: 'Updated' });
      expect((await auditLines()).at(-2)?.details).toBe('');
    });

    it.each([
      ['a blank name', { name: '  ' }, { name: ['This field may not be blank.'] }],
      ['a long name', { name: 'c'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
      ['a long description', { description: 'd'.repeat(5001) }, { description: ['Ensure this field has no more than 5000 characters.'] }],
      ['another category’s name, in any case', { name: 'pApErS' }, { name: ['A category with this name already exists.'] }],
      ['a list as name', { name: ['a', 'b'] }, { name: ['Not a valid string.'] }],
    ])('refuses %s', async (_label, payload, errors) => {
      await createCategory(server, staff, 'Papers');
      const cv = await createCategory(server, staff, 'CV');
      const announced = recordChanges(server);
      const res = await rename(cv.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
      expect((await categories()).map((category) => category.name)).toEqual(['CV', 'Papers']);
      expect(announced).toEqual([]);
    });

    it('answers 404 for a missing category', async () => {
      const res = await rename(999, { name: 'Ghost' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });

    it('decides the CV: renaming a category to CV makes its current document the current CV, and renaming it away ends that', async () => {
      const drafts = await createCategory(server, staff, 'Curriculum');
      const doc = await upload('My CV', drafts.id, true);
      expect((await send('GET', '/api/documents/documents/current_cv/', undefined, {})).statusCode).toBe(404);
      const announced = recordChanges(server);
      await rename(drafts.id, { name: 'cv' });
      expect(announced.map((topics) => [...topics].sort())).toEqual([['Category', 'CurrentCv', 'Document']]);
      expect((await send('GET', '/api/documents/documents/current_cv/', undefined, {})).json()).toMatchObject({ id: doc.id, category_name: 'cv' });
      expect((await send('GET', '/cv.pdf', undefined, {})).statusCode).toBe(200);
      await rename(drafts.id, { name: 'Old CVs' });
      expect((await send('GET', '/api/documents/documents/current_cv/', undefined, {})).statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes an empty category', async () => {
      const mistake = await createCategory(server, staff, 'Mistake');
      const announced = recordChanges(server);
      const res = await remove(mistake.id);
      expect(res.statusCode).toBe(204);
      expect(await categories()).toEqual([]);
      expect(announced).toEqual([['Category']]);
      expect((await auditLines()).at(-1)).toEqual({ action: 'category.deleted', subject: `category ${mistake.id} "Mistake"`, details: '' });
      expect((await remove(mistake.id)).statusCode).toBe(404);
    });

    it.each([
      [1, 'This category holds 1 document. Move or delete it first, or choose a category to move it to as you delete this one.'],
      [3, 'This category holds 3 documents. Move or delete them first, or choose a category to move them to as you delete this one.'],
    ])('refuses a category holding %i document(s), saying how many, and changes nothing', async (count, message) => {
      const papers = await createCategory(server, staff, 'Papers');
      for (let n = 1; n <= count; n += 1) await upload(`Paper ${n}`, papers.id);
      const announced = recordChanges(server);
      const res = await remove(papers.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: message });
      expect(await categories()).toEqual([expect.objectContaining({ name: 'Papers', document_count: count })]);
      expect(announced).toEqual([]);
      expect(await auditActions(server)).not.toContain('category.deleted');
    });

    it('moves the documents to another category in the same step, the current one keeping its mark there', async () => {
      const mistaken = await createCategory(server, staff, 'CVs');
      const cv = await createCategory(server, staff, 'CV');
      const current = await upload('CV 2026', mistaken.id, true);
      const older = await upload('CV 2025', mistaken.id);
      const announced = recordChanges(server);
      const res = await remove(mistaken.id, cv.id);
      expect(res.statusCode).toBe(204);
      expect(await categories()).toEqual([expect.objectContaining({ id: cv.id, document_count: 2 })]);
      const moved = (await send('GET', '/api/documents/documents/')).json<Document[]>();
      expect(moved.map((d) => [d.id, d.category, d.category_name, d.is_current])).toEqual([
        [older.id, cv.id, 'CV', false],
        [current.id, cv.id, 'CV', true],
      ]);
      expect((await send('GET', '/api/documents/documents/current_cv/', undefined, {})).json()).toMatchObject({ id: current.id });
      expect(announced.map((topics) => [...topics].sort())).toEqual([['Category', 'CurrentCv', 'Document']]);
      expect((await auditLines()).at(-1)).toEqual({
        action: 'category.deleted',
        subject: `category ${mistaken.id} "CVs"`,
        details: `moved 2 documents to category ${cv.id} "CV"`,
      });
    });

    it('unmarks a moved current document when the category it joins already has a current one', async () => {
      const mistaken = await createCategory(server, staff, 'CVs');
      const cv = await createCategory(server, staff, 'CV');
      const moving = await upload('Moving CV', mistaken.id, true);
      const staying = await upload('Current CV', cv.id, true);
      expect((await remove(mistaken.id, cv.id)).statusCode).toBe(204);
      expect(await currentFlags(server)).toEqual({ [moving.id]: false, [staying.id]: true });
    });

    it.each([
      ['itself', 'self', { move_to: ['Choose another category: the documents cannot move to the category being deleted.'] }],
      ['a missing category', 999, { move_to: ['The selected category does not exist.'] }],
      ['something that is no id', 'papers', { move_to: ['A valid integer is required.'] }],
    ])('refuses to move the documents to %s', async (_label, target, errors) => {
      const papers = await createCategory(server, staff, 'Papers');
      await upload('Paper', papers.id);
      const res = await remove(papers.id, target === 'self' ? papers.id : target);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
      expect(await categories()).toEqual([expect.objectContaining({ id: papers.id, document_count: 1 })]);
    });

    it('answers 404 for a missing category', async () => {
      const res = await remove(999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });
  });

  it('is for staff only, and a refused call changes nothing', async () => {
    const papers = await createCategory(server, staff, 'Papers');
    for (const [call, label] of [
      [(auth: Record<string, string>) => send('GET', '/api/documents/categories/', undefined, auth), 'list'],
      [(auth: Record<string, string>) => send('PATCH', `/api/documents/categories/${papers.id}/`, { name: 'Taken' }, auth), 'rename'],
      [(auth: Record<string, string>) => send('DELETE', `/api/documents/categories/${papers.id}/`, undefined, auth), 'delete'],
    ] as const) {
      const anonymous = await call({});
      expect([label, anonymous.statusCode, anonymous.json()]).toEqual([label, 401, { detail: 'Authentication credentials were not provided.' }]);
      const member = await call(user);
      expect([label, member.statusCode, member.json()]).toEqual([label, 403, { detail: 'You do not have permission to perform this action.' }]);
    }
    expect(await categories()).toEqual([expect.objectContaining({ name: 'Papers' })]);
    expect(await auditActions(server)).toEqual(['category.created']);
  });
});
