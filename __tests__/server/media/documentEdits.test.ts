import type { Document } from '../../../server/contract';
import type { DownloadStats } from '../../../server/contract/media';
import * as documents from '../../../server/src/repositories/documents';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES } from '../../../server/src/services/documents';
import { s3ServerForTests } from '../s3Server';
import { buildTestServer, insertUser, recordChanges, serverWithAccountsFor, type TestServer } from '../testServer';
import { auditActions, createCategory, currentFlags, cvAndPapers, editDocument, uploadedDocument } from './client';
import { docx, filesOnDisk, tinyPdf, utf8Text } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

/** The audit trail's lines, oldest first, without their times and actors. */
const auditLines = async (server: TestServer) => server.db.selectFrom('audit_log').select(['action', 'subject', 'details']).orderBy('id').execute();

describe('editing a document', () => {
  const { server, staff, user } = serverWithAccountsFor();
  let cv: number;
  let papers: number;

  beforeEach(async () => ({ cv, papers } = await cvAndPapers(server, staff, 'CV')));
  afterEach(() => jest.restoreAllMocks());

  const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });
  const patchJson = (id: number, payload: object) => server.inject({ method: 'PATCH', url: `/api/documents/documents/${id}/`, headers: staff, payload });
  /** Every field, as the edit dialog sends them. */
  const formOf = (document: Document, changes: Record<string, string> = {}) => ({
    name: document.name,
    description: document.description,
    category: document.category === null ? '' : String(document.category),
    is_current: String(document.is_current),
    ...changes,
  });

  it('renames and describes a document through the edit form, keeping the rest', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Working paper', description: 'Draft', category: String(papers) });
    const res = await editDocument(server, staff, doc.id, formOf(doc, { name: '  Volatility paper ', description: 'Submitted version' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...doc,
      name: 'Volatility paper',
      description: 'Submitted version',
      download_url: expect.stringMatching(new RegExp(`^/api/documents/documents/${doc.id}/download/\\?`)),
      file: expect.any(String),
    });
    const [listed] = (await get('/api/documents/documents/', staff)).json<Document[]>();
    expect(listed).toMatchObject({ id: doc.id, name: 'Volatility paper', description: 'Submitted version', uploaded_at: doc.uploaded_at });
    expect((await auditLines(server)).at(-1)).toEqual({
      action: 'document.updated',
      subject: `document ${doc.id} "Volatility paper"`,
      details: `category ${papers}; renamed from "Working paper"`,
    });
  });

  it('renames a document through JSON too, changing only the fields sent', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Paper', description: 'Kept', category: String(papers), is_current: 'true' });
    const res = await patchJson(doc.id, { name: 'Renamed paper' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed paper', description: 'Kept', category: papers, is_current: true });
  });

  it('moves a document to another category, or to none', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Notes', category: String(cv) });
    const moved = await editDocument(server, staff, doc.id, formOf(doc, { category: String(papers) }));
    expect(moved.json()).toMatchObject({ category: papers, category_name: 'Papers', is_current: false });
    const loose = await editDocument(server, staff, doc.id, formOf(doc, { category: '' }));
    expect(loose.statusCode).toBe(200);
    expect(loose.json()).toMatchObject({ category: null, category_name: null });
    expect((await auditLines(server)).slice(-2).map((line) => line.details)).toEqual([
      `category ${papers}; moved from category ${cv}`,
      `category none; moved from category ${papers}`,
    ]);
  });

  it('a current document moved into a category takes its current mark there', async () => {
    const paper = await uploadedDocument(server, staff, { name: 'Paper', category: String(papers), is_current: 'true' });
    const oldCv = await uploadedDocument(server, staff, { name: 'Old CV', category: String(cv), is_current: 'true' });
    const res = await editDocument(server, staff, paper.id, formOf(paper, { category: String(cv) }));
    expect(res.json()).toMatchObject({ category: cv, is_current: true });
    expect(await currentFlags(server)).toEqual({ [paper.id]: true, [oldCv.id]: false });
    expect((await get('/api/documents/documents/current_cv/')).json()).toMatchObject({ id: paper.id });
    expect((await auditActions(server)).at(-1)).toBe('document.marked_current');
  });

  it('unmarks the current CV: the CV page and /cv.pdf then have none', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'CV', category: String(cv), is_current: 'true' });
    expect((await get('/cv.pdf')).statusCode).toBe(200);
    const announced = recordChanges(server);
    const res = await patchJson(doc.id, { is_current: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_current: false, category: cv });
    expect(announced).toEqual([expect.arrayContaining(['Document', 'CurrentCv'])]);
    expect((await get('/api/documents/documents/current_cv/')).json()).toEqual({ detail: 'No current CV has been published.' });
    expect((await get('/cv.pdf')).statusCode).toBe(404);
    // No longer public: the plain download address asks for staff rights.
    expect((await get(`/api/documents/documents/${doc.id}/download/`)).statusCode).toBe(401);
    expect((await auditLines(server)).at(-1)).toMatchObject({ action: 'document.unmarked_current', subject: `document ${doc.id} "CV"` });
    // Through the edit form as well.
    await patchJson(doc.id, { is_current: true });
    expect((await editDocument(server, staff, doc.id, formOf({ ...doc, is_current: true }, { is_current: 'false' }))).json()).toMatchObject({
      is_current: false,
    });
  });

  it.each([
    ['a blank name', { name: '  ' }, { name: ['This field may not be blank.'] }],
    ['a long name', { name: 'n'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
    ['a long description', { description: 'd'.repeat(5001) }, { description: ['Ensure this field has no more than 5000 characters.'] }],
    ['an unknown category', { category: '999' }, { category: ['The selected category does not exist.'] }],
    ['an odd is_current', { is_current: 'maybe' }, { is_current: ['Must be a valid boolean.'] }],
    ['current without a category', { category: '', is_current: 'true' }, { is_current: ['A document needs a category to be marked current.'] }],
  ])('refuses an edit with %s, changing nothing', async (_label, changes, errors) => {
    const doc = await uploadedDocument(server, staff, { name: 'Paper', category: String(papers) });
    const res = await editDocument(server, staff, doc.id, formOf(doc, changes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect((await get('/api/documents/documents/', staff)).json<Document[]>()[0]).toMatchObject({ name: 'Paper', category: papers, is_current: false });
    expect(await auditActions(server)).not.toContain('document.updated');
  });

  it.each([
    ['a file that is no document', { filename: 'tool.pdf', data: Buffer.from([0, 1, 2]) }, { file: [DOCUMENT_MESSAGES.unsupported] }],
    ['an empty file', { filename: 'empty.pdf', data: Buffer.alloc(0) }, { file: ['The submitted file is empty.'] }],
    ['a name with folders', { filename: '../cv.pdf', data: tinyPdf() }, { file: ['The file name must be a plain name, without folders.'] }],
  ])('refuses a replacement with %s, keeping the stored file', async (_label, replacement, errors) => {
    const doc = await uploadedDocument(server, staff, { name: 'CV', category: String(cv), is_current: 'true' }, { data: tinyPdf('kept') });
    const stored = filesOnDisk(server.config.dataDir);
    const res = await editDocument(server, staff, doc.id, formOf(doc), replacement);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect(filesOnDisk(server.config.dataDir)).toEqual(stored);
    expect((await get('/cv.pdf')).body).toContain('(kept)');
  });

  it('names every problem of an edit at once, the file’s among them', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Paper', category: String(papers) });
    const res = await editDocument(server, staff, doc.id, formOf(doc, { name: '', category: '999' }), { filename: 'x.bin', data: Buffer.from([0, 1]) });
    expect(res.json()).toEqual({
      name: ['This field may not be blank.'],
      category: ['The selected category does not exist.'],
      file: [DOCUMENT_MESSAGES.unsupported],
    });
  });

  it('refuses a file field that holds no file, and answers 404 for a missing document without storing anything', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Paper', category: String(papers) });
    const notAFile = await patchJson(doc.id, { file: 'cv.pdf' });
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json()).toEqual({ file: ['The submitted data was not a file. Check the encoding type on the form.'] });
    const stored = filesOnDisk(server.config.dataDir);
    const missing = await editDocument(server, staff, 999, { name: 'Ghost' }, { filename: 'cv.pdf', data: tinyPdf() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    expect(filesOnDisk(server.config.dataDir)).toEqual(stored);
  });

  it('is for staff only: visitors are refused before anything is read or stored', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Paper', category: String(papers) });
    const stored = filesOnDisk(server.config.dataDir);
    const anonymous = await editDocument(server, {}, doc.id, { name: 'Taken over' }, { filename: 'cv.pdf', data: tinyPdf() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const member = await editDocument(server, user, doc.id, { name: 'Taken over' }, { filename: 'cv.pdf', data: tinyPdf() });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(filesOnDisk(server.config.dataDir)).toEqual(stored);
    expect((await get('/api/documents/documents/', staff)).json<Document[]>()[0].name).toBe('Paper');
  });

  describe('replacing the file', () => {
    it('keeps the id, the download address and the counts; serves the new file and removes the old one', async () => {
      const doc = await uploadedDocument(
        server,
        staff,
        { name: 'CV', category: String(cv), is_current: 'true' },
        { data: tinyPdf('first'), filename: 'cv-2025.pdf' },
      );
      const [oldFile] = filesOnDisk(server.config.dataDir);
      const before = await get('/cv.pdf');
      expect(before.body).toContain('(first)');
      // Times are kept to the millisecond: the replacement's must be later than the first upload's.
      await new Promise((resolve) => setTimeout(resolve, 5));

      const data = tinyPdf('second');
      const res = await editDocument(server, staff, doc.id, formOf(doc), { filename: 'cv-2026.pdf', data });
      expect(res.statusCode).toBe(200);
      const replaced = res.json<Document>();
      expect(replaced).toMatchObject({
        id: doc.id,
        name: 'CV',
        is_current: true,
        original_filename: 'cv-2026.pdf',
        content_type: 'application/pdf',
        size: data.length,
      });
      expect(replaced.uploaded_at > doc.uploaded_at).toBe(true);

      // One file on disk: the new one, under a new random key.
      const files = filesOnDisk(server.config.dataDir);
      expect(files).toEqual([expect.stringMatching(/^documents\/[0-9a-f]{32}\.pdf$/)]);
      expect(files[0]).not.toBe(oldFile);
      // The same addresses serve the new file, with new validators for caches.
      const after = await get('/cv.pdf');
      expect(after.body).toContain('(second)');
      expect(after.headers['content-disposition']).toContain('filename="cv-2026.pdf"');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await get(`/api/documents/documents/${doc.id}/download/`)).body).toContain('(second)');
      expect((await get('/api/documents/documents/current_cv/')).json()).toMatchObject({ id: doc.id, original_filename: 'cv-2026.pdf' });
      expect((await get(replaced.download_url)).rawPayload).toEqual(data);
      // The staff link signed for the old file dies with it.
      await editDocument(server, staff, doc.id, formOf(doc, { is_current: 'false' }));
      expect((await get(doc.download_url)).statusCode).toBe(401);

      // The CV's four downloads, before and after the replacement, count for the same document.
      const stats = (await get('/api/documents/downloads/', staff)).json<DownloadStats>();
      expect(stats.documents.map(({ id, total }) => ({ id, total }))).toEqual([{ id: doc.id, total: 4 }]);
      expect((await auditLines(server)).find((line) => line.action === 'document.replaced')).toEqual({
        action: 'document.replaced',
        subject: `document ${doc.id} "CV"`,
        details: `category ${cv}; file "cv-2026.pdf" replaced "cv-2025.pdf"`,
      });
    });

    it('may change the type: the stable CV address follows it', async () => {
      const doc = await uploadedDocument(server, staff, { name: 'CV', category: String(cv), is_current: 'true' });
      const res = await editDocument(server, staff, doc.id, formOf(doc, { name: 'CV (text)' }), { filename: 'cv.txt', data: utf8Text() });
      expect(res.json()).toMatchObject({ content_type: DOCUMENT_TYPES.txt.contentType, original_filename: 'cv.txt' });
      expect((await get('/cv.pdf')).headers.location).toBe('/cv.txt');
      expect((await get('/cv.txt')).rawPayload).toEqual(utf8Text());
      const docxReplacement = await editDocument(server, staff, doc.id, formOf(doc), { filename: 'cv.docx', data: docx() });
      expect(docxReplacement.json()).toMatchObject({ content_type: DOCUMENT_TYPES.docx.contentType });
      expect(filesOnDisk(server.config.dataDir)).toEqual([expect.stringMatching(/^documents\/[0-9a-f]{32}\.docx$/)]);
    });

    it('keeps the old file, and leaves no new one behind, when the row cannot be written', async () => {
      const doc = await uploadedDocument(server, staff, { name: 'CV', category: String(cv), is_current: 'true' }, { data: tinyPdf('kept') });
      const stored = filesOnDisk(server.config.dataDir);
      // The category passes the check, then is gone when the row is written.
      jest.spyOn(documents, 'categoryExists').mockResolvedValueOnce(true);
      const res = await editDocument(server, staff, doc.id, formOf(doc, { category: '999' }), { filename: 'new.pdf', data: tinyPdf('new') });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ category: ['The selected category does not exist.'] });
      expect(filesOnDisk(server.config.dataDir)).toEqual(stored);
      expect(await server.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
      expect((await get('/cv.pdf')).body).toContain('(kept)');
    });

    it('two replacements at once leave one file, the one the document points at', async () => {
      const doc = await uploadedDocument(server, staff, { name: 'CV', category: String(cv) });
      const answers = await Promise.all(
        ['a', 'b', 'c'].map((text) => editDocument(server, staff, doc.id, formOf(doc), { filename: `${text}.pdf`, data: tinyPdf(text) })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const row = await server.db.selectFrom('documents').select('file_key').where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect(filesOnDisk(server.config.dataDir)).toEqual([row.file_key]);
    });
  });

  it('announces documents and the current CV after an edit, and nothing after a refused one', async () => {
    const doc = await uploadedDocument(server, staff, { name: 'Paper', category: String(papers) });
    const announced = recordChanges(server);
    expect((await editDocument(server, staff, doc.id, formOf(doc, { name: '' }))).statusCode).toBe(400);
    expect(announced).toEqual([]);
    expect((await editDocument(server, staff, doc.id, formOf(doc, { name: 'Renamed' }), { filename: 'p.pdf', data: tinyPdf() })).statusCode).toBe(200);
    expect(announced.map((topics) => [...topics].sort())).toEqual([['CurrentCv', 'Document']]);
  });
});

describe('replacing a document’s file in an S3 bucket', () => {
  const s3 = s3ServerForTests();
  let site: TestServer & { cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await buildTestServer({ storageUrl: s3.storageUrl });
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('stores the new object, serves it at the same address and removes the old one', async () => {
    const staff = (await insertUser(site, { is_staff: true })).auth;
    const category = await createCategory(site, staff, 'CV');
    const doc = await uploadedDocument(site, staff, { name: 'CV', category: String(category.id), is_current: 'true' }, { data: tinyPdf('bucket one') });
    const oldKey = (await site.db.selectFrom('documents').select('file_key').executeTakeFirstOrThrow()).file_key;
    const res = await editDocument(site, staff, doc.id, { name: 'CV' }, { filename: 'cv.pdf', data: tinyPdf('bucket two') });
    expect(res.statusCode).toBe(200);
    const newKey = (await site.db.selectFrom('documents').select('file_key').executeTakeFirstOrThrow()).file_key;
    expect(newKey).not.toBe(oldKey);
    expect(await site.storage.stat(oldKey)).toBeUndefined();
    expect(await site.storage.stat(newKey)).toMatchObject({ size: tinyPdf('bucket two').length });
    const served = await site.inject({ method: 'GET', url: '/cv.pdf' });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('(bucket two)');
  });
});
