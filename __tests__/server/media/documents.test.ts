import type { Document } from '../../../server/contract';
import type { DownloadStats } from '../../../server/contract/media';
import { addDownloads, weekStart } from '../../../server/src/repositories/downloads';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES } from '../../../server/src/services/documents';
import { sendRaw, serverWithAccountsFor } from '../testServer';
import { auditActions, currentFlags, cvAndPapers, uploadDocument, uploadedDocument } from './client';
import { docx, filesOnDisk, odt, tinyPdf, utf8Text } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

describe('document categories', () => {
  const { server, staff } = serverWithAccountsFor();

  const create = (payload: object) => server.inject({ method: 'POST', url: '/api/documents/categories/', headers: staff, payload });

  it('creates categories and lists them by name', async () => {
    const res = await create({ name: ' Papers ', description: 'Working papers' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Papers', description: 'Working papers', document_count: 0 });
    await create({ name: 'CV' });
    const list = await server.inject({ method: 'GET', url: '/api/documents/categories/', headers: staff });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'CV', description: '' }), expect.objectContaining({ name: 'Papers' })]);
    expect(await auditActions(server)).toEqual(['category.created', 'category.created']);
  });
});

describe('documents', () => {
  const { server, staff, user } = serverWithAccountsFor();
  let cv: number;
  let papers: number;

  beforeEach(async () => ({ cv, papers } = await cvAndPapers(server, staff, 'Cv')));

  const upload = (fields: Record<string, string>, file?: Parameters<typeof uploadDocument>[3]) => uploadedDocument(server, staff, fields, file);
  const markCurrent = (id: number, category: number | null) =>
    server.inject({ method: 'PATCH', url: `/api/documents/documents/${id}/`, headers: staff, payload: { is_current: true, category } });
  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

  it.each([
    ['PDF', tinyPdf, 'Curriculum Vitae.pdf', 'application/pdf', 'Curriculum Vitae.pdf'],
    ['DOCX', docx, 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'cv.docx'],
    ['ODT', odt, 'cv.odt', 'application/vnd.oasis.opendocument.text', 'cv.odt'],
    ['TXT', utf8Text, 'notes.txt', 'text/plain; charset=utf-8', 'notes.txt'],
    ['text named .pdf', utf8Text, 'cv.pdf', 'text/plain; charset=utf-8', 'cv.pdf.txt'],
    ['PDF without extension', tinyPdf, 'Lebenslauf', 'application/pdf', 'Lebenslauf.pdf'],
  ])('accepts a %s, typed by its content', async (_label, make, filename, contentType, downloadName) => {
    const data = make();
    const document = await upload({ name: 'My CV', description: 'Updated yearly', category: String(cv) }, { data, filename });
    expect(document).toEqual({
      id: expect.any(Number),
      name: 'My CV',
      description: 'Updated yearly',
      category: cv,
      category_name: 'Cv',
      is_current: false,
      uploaded_at: expect.stringMatching(/^\d{4}-/),
      download_url: expect.stringMatching(new RegExp(`^/api/documents/documents/${document.id}/download/\\?session=\\d+&expires=\\d+&signature=[\\w-]+$`)),
      file: document.download_url,
      original_filename: downloadName,
      content_type: contentType,
      size: data.length,
    });
    const download = await get(document.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(contentType);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${downloadName}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`);
    expect(download.rawPayload).toEqual(data);
    // Stored under a random key, never under the uploader's name.
    expect(filesOnDisk(server.config.dataDir)).toEqual([expect.stringMatching(/^documents\/[0-9a-f]{32}\.[a-z]+$/)]);
  });

  it('encodes a non-ASCII download name per RFC 6266 / 5987', async () => {
    const document = await upload({ name: 'CV', category: String(cv) }, { filename: 'Lebenslauf Müller (2025) 100%.pdf' });
    const res = await get(document.download_url);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Lebenslauf M_ller (2025) 100_.pdf"; filename*=UTF-8''Lebenslauf%20M%C3%BCller%20%282025%29%20100%25.pdf`,
    );
  });

  it('names every missing field of an upload at once', async () => {
    const res = await sendRaw(server, 'POST', '/api/documents/documents/', staff, 'multipart/form-data; boundary=x', '--x--\r\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ['No file was submitted.'], name: ['This field is required.'], category: ['This field is required.'] });
  });

  it.each([
    ['an unknown category', { category: '999' }, { category: ['The selected category does not exist.'] }],
    ['a malformed category', { category: 'CV' }, { category: ['The selected category does not exist.'] }],
    ['a blank name', { name: ' ' }, { name: ['This field may not be blank.'] }],
    ['a long name', { name: 'n'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
    ['an odd is_current', { is_current: 'maybe' }, { is_current: ['Must be a valid boolean.'] }],
  ])('refuses an upload with %s', async (_label, fields, errors) => {
    const res = await uploadDocument(server, staff, { category: String(cv), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
  });

  it('reports a bad file together with the other fields', async () => {
    const res = await uploadDocument(server, staff, { name: '', category: String(cv) }, { data: Buffer.from([0, 1, 2]) });
    expect(res.json()).toEqual({ name: ['This field may not be blank.'], file: [DOCUMENT_MESSAGES.unsupported] });
  });

  it('lists documents for staff, newest first, with their category names', async () => {
    const first = await upload({ name: 'Old CV', category: String(cv) });
    const second = await upload({ name: 'Paper', category: String(papers) });
    const list = await get('/api/documents/documents/', staff);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([second, first]);
    expect(list.json<Document[]>().map((d) => d.category_name)).toEqual(['Papers', 'Cv']);
  });

  it('uploading a current document unmarks the previous current one of its category only', async () => {
    const a = await upload({ name: 'CV 2024', category: String(cv), is_current: 'true' });
    const paper = await upload({ name: 'Paper', category: String(papers), is_current: 'true' });
    const b = await upload({ name: 'CV 2025', category: String(cv), is_current: 'true' });
    expect(await currentFlags(server)).toEqual({ [a.id]: false, [paper.id]: true, [b.id]: true });
  });

  it('Mark Current marks one and unmarks the others of the category', async () => {
    const a = await upload({ name: 'CV 2024', category: String(cv), is_current: 'true' });
    const b = await upload({ name: 'CV 2025', category: String(cv) });
    const paper = await upload({ name: 'Paper', category: String(papers), is_current: 'true' });
    const res = await markCurrent(b.id, cv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ id: b.id, is_current: true, category: cv, category_name: 'Cv' }));
    expect(await currentFlags(server)).toEqual({ [a.id]: false, [b.id]: true, [paper.id]: true });
    // Marking the current one again changes nothing.
    expect((await markCurrent(b.id, cv)).statusCode).toBe(200);
    expect(await currentFlags(server)).toEqual({ [a.id]: false, [b.id]: true, [paper.id]: true });
    expect(await auditActions(server)).toEqual([
      'category.created',
      'category.created',
      'document.uploaded',
      'document.uploaded',
      'document.uploaded',
      'document.marked_current',
      'document.updated',
    ]);
  });

  it('Mark Current with another category moves the document and makes it current there', async () => {
    const paper = await upload({ name: 'Paper', category: String(papers), is_current: 'true' });
    const doc = await upload({ name: 'CV', category: String(papers) });
    const oldCv = await upload({ name: 'Old CV', category: String(cv), is_current: 'true' });
    const res = await markCurrent(doc.id, cv);
    expect(res.json()).toEqual(expect.objectContaining({ category: cv, is_current: true }));
    expect(await currentFlags(server)).toEqual({ [paper.id]: true, [doc.id]: true, [oldCv.id]: false });
  });

  it('refuses Mark Current without a category, with an unknown category, or on a missing document', async () => {
    const doc = await upload({ name: 'CV', category: String(cv) });
    const none = await markCurrent(doc.id, null);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ is_current: ['A document needs a category to be marked current.'] });
    expect((await markCurrent(doc.id, 999)).json()).toEqual({ category: ['The selected category does not exist.'] });
    const wrongType = await server.inject({ method: 'PATCH', url: `/api/documents/documents/${doc.id}/`, headers: staff, payload: { is_current: 'perhaps' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ is_current: ['Must be a valid boolean.'] });
    expect((await markCurrent(999, cv)).statusCode).toBe(404);
    expect(await currentFlags(server)).toEqual({ [doc.id]: false });
  });

  it('two concurrent Mark Current calls leave exactly one current document', async () => {
    for (let round = 0; round < 5; round += 1) {
      const docs = await Promise.all([1, 2, 3].map((n) => upload({ name: `CV ${round}.${n}`, category: String(cv) })));
      const answers = await Promise.all(docs.map((d) => markCurrent(d.id, cv)));
      expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      const current = await server.db.selectFrom('documents').select('id').where('category_id', '=', cv).where('is_current', '=', 1).execute();
      expect(current).toHaveLength(1);
    }
  });

  /** Driver errors may come from another realm than the test's, so they are matched by code. */
  const constraintFailure = { code: expect.stringMatching(/^(SQLITE_CONSTRAINT_\w+|23505|23503|23514)$/) };

  it('the database itself refuses a second current document in a category', async () => {
    const a = await upload({ name: 'A', category: String(cv), is_current: 'true' });
    const b = await upload({ name: 'B', category: String(cv) });
    await expect(server.db.updateTable('documents').set({ is_current: 1 }).where('id', '=', b.id).execute()).rejects.toMatchObject(constraintFailure);
    await expect(server.db.updateTable('documents').set({ is_current: 1, category_id: null }).where('id', '=', b.id).execute()).rejects.toMatchObject(
      constraintFailure,
    );
    expect(await currentFlags(server)).toEqual({ [a.id]: true, [b.id]: false });
  });

  it('a category holding documents cannot be deleted', async () => {
    await upload({ name: 'A', category: String(cv) });
    await expect(server.db.deleteFrom('document_categories').where('id', '=', cv).execute()).rejects.toMatchObject(constraintFailure);
  });

  it('deletes a document and its file', async () => {
    const doc = await upload({ name: 'CV', category: String(cv), is_current: 'true' });
    expect(filesOnDisk(server.config.dataDir)).toHaveLength(1);
    const res = await server.inject({ method: 'DELETE', url: `/api/documents/documents/${doc.id}/`, headers: staff });
    expect(res.statusCode).toBe(204);
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
    expect((await get(doc.download_url, staff)).statusCode).toBe(404);
    // Without staff rights a missing document is indistinguishable from a private one.
    expect((await get(doc.download_url)).statusCode).toBe(401);
    expect((await get('/api/documents/documents/current_cv/')).statusCode).toBe(404);
    expect(await auditActions(server)).toContain('document.deleted');
  });

  describe('downloads', () => {
    it('are staff-only for documents other than the current CV', async () => {
      const doc = await upload({ name: 'Paper', category: String(papers) });
      const plain = `/api/documents/documents/${doc.id}/download/`;
      expect((await get(plain)).statusCode).toBe(401);
      expect((await get(plain, user)).statusCode).toBe(403);
      expect((await get(plain, staff)).statusCode).toBe(200);
      // The signed link of the staff list works in a plain browser link.
      expect((await get(doc.download_url)).statusCode).toBe(200);
      // Change the signature's first character to a different one.
      const tampered = doc.download_url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
      expect((await get(tampered)).statusCode).toBe(401);
      const expired = `${plain}?expires=1000&signature=${new URL(doc.download_url, 'http://x').searchParams.get('signature')}`;
      expect((await get(expired)).statusCode).toBe(401);
      expect((await get('/api/documents/documents/999/download/', staff)).statusCode).toBe(404);
    });

    it('of the current CV are public', async () => {
      const doc = await upload({ name: 'CV', category: String(cv), is_current: 'true' }, { filename: 'Jane Doe CV.pdf' });
      const res = await get(`/api/documents/documents/${doc.id}/download/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename="Jane Doe CV.pdf"');
      expect((await get(`/api/documents/documents/${doc.id}/download/`, user)).statusCode).toBe(200);
    });

    it('support ETag revalidation and byte ranges', async () => {
      const doc = await upload({ name: 'CV', category: String(cv), is_current: 'true' });
      const url = `/api/documents/documents/${doc.id}/download/`;
      const whole = await get(url);
      expect(whole.headers.etag).toMatch(/^"[\w-]+"$/);
      expect((await get(url, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
      const part = await get(url, { range: 'bytes=0-4' });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('%PDF-');
      expect(part.headers['content-range']).toBe(`bytes 0-4/${doc.size}`);
      expect((await get(url, { range: 'bytes=99999-' })).statusCode).toBe(416);
      expect((await get(url, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
    });
  });

  describe('current_cv', () => {
    it('answers 404 with {detail} while there is no current CV', async () => {
      await upload({ name: 'Draft', category: String(cv) });
      await upload({ name: 'Paper', category: String(papers), is_current: 'true' });
      const res = await get('/api/documents/documents/current_cv/');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No current CV has been published.' });
      const stable = await get('/cv.pdf');
      expect(stable.statusCode).toBe(404);
      // The site's not-found answer: the not-found page where pages are served (pages.test.ts).
      expect(stable.json()).toEqual({ detail: 'Not found.' });
    });

    it('answers the current document of the category named CV in any case, with download_url and name', async () => {
      await upload({ name: 'Old', category: String(cv), is_current: 'true' });
      const doc = await upload({ name: 'Curriculum Vitae', category: String(cv) }, { filename: 'jane-doe-cv.pdf' });
      await markCurrent(doc.id, cv);
      for (const auth of [{}, user, staff]) {
        const res = await get('/api/documents/documents/current_cv/', auth);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(
          expect.objectContaining({ id: doc.id, name: 'Curriculum Vitae', is_current: true, download_url: `/api/documents/documents/${doc.id}/download/` }),
        );
      }
      const download = await get(`/api/documents/documents/${doc.id}/download/`);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="jane-doe-cv.pdf"; filename*=UTF-8''jane-doe-cv.pdf`);
    });

    it('serves the current CV at the stable /cv.pdf address, following Mark Current', async () => {
      const first = await upload({ name: 'CV', category: String(cv), is_current: 'true' }, { data: tinyPdf('first'), filename: 'first.pdf' });
      expect((await get('/cv.pdf')).body).toContain('(first)');
      const second = await upload({ name: 'CV', category: String(cv) }, { data: tinyPdf('second'), filename: 'second.pdf' });
      await markCurrent(second.id, cv);
      const res = await get('/cv.pdf');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-disposition']).toContain('filename="second.pdf"');
      expect(res.body).toContain('(second)');
      expect(first.id).not.toBe(second.id);
    });

    it('serves a current CV that is not a PDF at an address named after its type, and sends /cv.pdf there', async () => {
      await upload({ name: 'CV', category: String(cv), is_current: 'true' }, { data: Buffer.from('Curriculum vitae\n'), filename: 'notes.txt' });
      const redirect = await get('/cv.pdf');
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('/cv.txt');
      const res = await get('/cv.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
      expect(res.body).toBe('Curriculum vitae\n');
      await upload({ name: 'CV', category: String(cv), is_current: 'true' }, { data: docx(), filename: 'cv.docx' });
      expect((await get('/cv.txt')).headers.location).toBe('/cv.docx');
      expect((await get('/cv.docx')).headers['content-type']).toBe(DOCUMENT_TYPES.docx.contentType);
    });

    it('answers 404 for /cv. with a type no document has', async () => {
      expect((await get('/cv.exe')).statusCode).toBe(404);
    });
  });
  describe('download counts', () => {
    const stats = async () => {
      const res = await get('/api/documents/downloads/', staff);
      expect(res.statusCode).toBe(200);
      return res.json<DownloadStats>();
    };

    it('lists nothing before anyone downloaded, over the twelve weeks up to this one', async () => {
      await upload({ name: 'CV', category: String(cv), is_current: 'true' });
      const { weeks, documents } = await stats();
      expect(documents).toEqual([]);
      expect(weeks).toHaveLength(12);
      expect(weeks[11]).toBe(weekStart(new Date()));
      expect(new Date(`${weeks[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    });

    it('counts whole downloads of the current CV, at its stable address and its download link, this week', async () => {
      const doc = await upload({ name: 'Curriculum Vitae', category: String(cv), is_current: 'true' });
      expect((await get('/cv.pdf')).statusCode).toBe(200);
      expect((await get(`/api/documents/documents/${doc.id}/download/`)).statusCode).toBe(200);
      expect((await get('/cv.pdf', user)).statusCode).toBe(200);
      const { documents } = await stats();
      expect(documents).toEqual([
        { id: doc.id, name: 'Curriculum Vitae', category_name: 'Cv', is_current: true, counts: [...Array<number>(11).fill(0), 3], total: 3 },
      ]);
    });

    it('does not count a HEAD, a byte range, a revalidation, a redirect or staff opening another document', async () => {
      const doc = await upload({ name: 'CV', category: String(cv), is_current: 'true' });
      const paper = await upload({ name: 'Paper', category: String(papers) });
      const first = await get('/cv.pdf');
      expect((await server.inject({ method: 'HEAD', url: '/cv.pdf' })).statusCode).toBe(200);
      expect((await get('/cv.pdf', { range: 'bytes=0-4' })).statusCode).toBe(206);
      expect((await get('/cv.pdf', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
      expect((await get('/cv.docx')).statusCode).toBe(302);
      expect((await get(`/api/documents/documents/${paper.id}/download/`, staff)).statusCode).toBe(200);
      const { documents } = await stats();
      expect(documents.map(({ id, total }) => ({ id, total }))).toEqual([{ id: doc.id, total: 1 }]);
    });

    it('shows the counts to staff only', async () => {
      expect((await get('/api/documents/downloads/')).statusCode).toBe(401);
      expect((await get('/api/documents/downloads/', user)).statusCode).toBe(403);
    });

    it('keeps the counts of earlier weeks and leaves out those older than twelve weeks', async () => {
      const doc = await upload({ name: 'CV', category: String(cv), is_current: 'true' });
      const monday = weekStart(new Date());
      const weeksAgo = (n: number) => new Date(Date.parse(`${monday}T00:00:00Z`) - n * 7 * 86_400_000).toISOString().slice(0, 10);
      await addDownloads(server.db, { document: doc.id }, weeksAgo(2), 5);
      await addDownloads(server.db, { document: doc.id }, weeksAgo(2), 2);
      await addDownloads(server.db, { document: doc.id }, weeksAgo(12), 40);
      const { documents } = await stats();
      expect(documents[0].counts).toEqual([...Array<number>(9).fill(0), 7, 0, 0]);
      expect(documents[0].total).toBe(7);
    });
  });
});
