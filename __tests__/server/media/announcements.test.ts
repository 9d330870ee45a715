import type { Document, Image } from '../../../server/contract';
import { nowIso } from '../../../server/src/db/columns';
import * as galleries from '../../../server/src/repositories/galleries';
import { serverWithAccountsFor, WRITTEN_TOPICS } from '../testServer';
import { createCategory, createGallery, editImage, uploadDocument, uploadImage } from './client';
import { filesOnDisk, textAsJpg } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

/** Media writes announce what they changed, once they succeeded, and nothing else does. */
describe('change announcements of media writes', () => {
  const { server, staff, user } = serverWithAccountsFor();
  let announced: string[][];
  beforeEach(() => {
    announced = [];
    server.changes.subscribe(WRITTEN_TOPICS, (changed) => announced.push([...changed].sort()));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers = staff, payload?: object) =>
    server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const titles = async (url = '/api/photos/images/') => (await send('GET', url, {})).json<Image[]>().map((image) => image.title);

  /** An image row written behind the API's back: it shows only once the cached list is dropped. */
  const sneakImageIn = (title: string) =>
    server.db
      .insertInto('images')
      .values({
        title,
        original_key: 'images/0123456789abcdef0123456789abcdef.png',
        thumb_key: 'images/0123456789abcdef0123456789abcdef-thumb.webp',
        banner_key: 'images/0123456789abcdef0123456789abcdef-banner.webp',
        large_key: 'images/0123456789abcdef0123456789abcdef-large.webp',
        content_type: 'image/png',
        width: 1,
        height: 1,
        size: 1,
        gallery_id: null,
        uploaded_at: nowIso(),
      })
      .execute();

  it('keeps the cached public list through reads and refused writes, and drops it after a successful upload', async () => {
    expect(await titles()).toEqual([]);
    await sneakImageIn('Behind the back');
    expect((await uploadImage(server, staff, {}, { data: textAsJpg(), filename: 'a.jpg' })).statusCode).toBe(400);
    expect((await uploadImage(server, user)).statusCode).toBe(403);
    expect((await uploadImage(server, staff, { gallery: '999' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/photos/images/999/')).statusCode).toBe(404);
    expect((await send('POST', '/api/photos/galleries/', staff, { name: '' })).statusCode).toBe(400);
    expect(await titles()).toEqual([]);
    expect(announced).toEqual([]);

    expect((await uploadImage(server, staff, { title: 'Uploaded' })).statusCode).toBe(201);
    expect(announced).toEqual([['Image']]);
    expect((await titles()).sort()).toEqual(['Behind the back', 'Uploaded']);
  });

  it('announces image edits and deletions as image changes', async () => {
    const image = (await uploadImage(server, staff)).json<Image>();
    const edited = await editImage(server, staff, image.id, { title: 'Renamed' });
    expect(edited.statusCode).toBe(200);
    expect((await send('DELETE', `/api/photos/images/${image.id}/`)).statusCode).toBe(204);
    expect(announced).toEqual([['Image'], ['Image'], ['Image']]);
  });

  it('announces gallery changes, and image changes whenever images may show or lose the gallery', async () => {
    const empty = await createGallery(server, staff, 'Empty');
    const talks = await createGallery(server, staff, 'Talks');
    expect((await uploadImage(server, staff, { gallery: String(talks.id) })).statusCode).toBe(201);
    announced = [];

    await send('PATCH', `/api/photos/galleries/update/${talks.id}/`, staff, { description: 'Only the words' });
    await send('PATCH', `/api/photos/galleries/update/${talks.id}/`, staff, { name: 'Conference talks' });
    await send('DELETE', `/api/photos/galleries/${empty.id}/`);
    await send('DELETE', `/api/photos/galleries/${talks.id}/`);
    // An edit always announces images: the name it started from may have changed under it.
    expect(announced).toEqual([['Gallery', 'Image'], ['Gallery', 'Image'], ['Gallery'], ['Gallery', 'Image']]);
    expect((await send('GET', '/api/photos/images/', {})).json<Image[]>()[0]).toMatchObject({ gallery: null, gallery_name: null });
  });

  it('announces categories, documents and the current CV', async () => {
    const cv = await createCategory(server, staff, 'CV');
    expect(announced).toEqual([['Category']]);
    announced = [];

    const draft = (await uploadDocument(server, staff, { name: 'Draft', category: String(cv.id) })).json<Document>();
    const current = (await uploadDocument(server, staff, { name: 'CV', category: String(cv.id), is_current: 'true' })).json<Document>();
    await send('PATCH', `/api/documents/documents/${draft.id}/`, staff, { name: 'Still a draft' });
    await send('PATCH', `/api/documents/documents/${draft.id}/`, staff, { is_current: true });
    // An edit always announces the current CV: the mark it started from may have changed under it.
    expect(announced).toEqual([['Document'], ['CurrentCv', 'Document'], ['CurrentCv', 'Document'], ['CurrentCv', 'Document']]);
    announced = [];

    await send('DELETE', `/api/documents/documents/${current.id}/`);
    await send('DELETE', `/api/documents/documents/${draft.id}/`);
    expect(announced).toEqual([['Document'], ['CurrentCv', 'Document']]);
  });

  it('announces publication changes when a deleted document was a publication’s paper', async () => {
    const papers = await createCategory(server, staff, 'Papers');
    const paper = (await uploadDocument(server, staff, { name: 'Paper', category: String(papers.id) })).json<Document>();
    await server.db
      .insertInto('publications')
      .values({
        cite_key: 'doe2025',
        entry_type: 'article',
        title: 'A paper',
        title_html: 'A paper',
        authors: '["Jane Doe"]',
        bibtex: '@article{doe2025, title = {A paper}}',
        document_id: paper.id,
        position: 1,
        updated_at: nowIso(),
      })
      .execute();
    announced = [];
    expect((await send('DELETE', `/api/documents/documents/${paper.id}/`)).statusCode).toBe(204);
    expect(announced).toEqual([['Document', 'Publication']]);
    const [publication] = (await send('GET', '/api/publications/', {})).json<{ document: number | null }[]>();
    expect(publication.document).toBeNull();
  });

  it('announces nothing when a write is refused, by the checks or by the database', async () => {
    // The gallery passes the form's check, then is gone when the row is written.
    jest.spyOn(galleries, 'findGallery').mockResolvedValueOnce({ id: 999, name: 'Gone', slug: 'gone', description: '', created_at: nowIso() });
    const upload = await uploadImage(server, staff, { gallery: '999' });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ gallery: ['The selected gallery does not exist.'] });
    expect(filesOnDisk(server.config.dataDir)).toEqual([]);
    expect(await server.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
    const cv = await createCategory(server, staff, 'CV');
    const doc = (await uploadDocument(server, staff, { name: 'CV', category: String(cv.id) })).json<Document>();
    expect(announced).toEqual([['Category'], ['Document']]);
    announced = [];
    expect((await send('PATCH', `/api/documents/documents/${doc.id}/`, staff, { category: 999 })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/documents/documents/${doc.id}/`, staff, { category: null, is_current: true })).statusCode).toBe(400);
    expect((await send('POST', '/api/documents/categories/', staff, { name: 'cv' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/documents/documents/999/')).statusCode).toBe(404);
    expect(announced).toEqual([]);
  });
});
