import { serverWithAccountsFor } from '../testServer';
import { type Auth, createCategory, createGallery, editImage, postForm, uploadDocument, uploadImage } from './client';
import { filesOnDisk, pngWithGps, tinyPdf } from './fixtures';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

/**
 * Who may do what (issue: writes staff only; galleries, images and current_cv public;
 * document and category lists staff only): every call as anonymous, user and staff.
 */
describe('media calls by role', () => {
  const { server, ...roles } = serverWithAccountsFor('all');
  let ids: { gallery: number; image: number; category: number; document: number };

  beforeAll(async () => {
    const gallery = await createGallery(server, roles.staff, 'Conferences');
    const image = (await uploadImage(server, roles.staff, { gallery: String(gallery.id) })).json();
    const category = await createCategory(server, roles.staff, 'Papers');
    const document = (await uploadDocument(server, roles.staff, { category: String(category.id) })).json();
    ids = { gallery: gallery.id, image: image.id, category: category.id, document: document.id };
  });

  type Call = (auth: Auth) => Promise<{ statusCode: number; json: () => unknown }>;
  const calls: [string, Call, { staff: number; public?: boolean }][] = [
    ['GET galleries', (auth) => server.inject({ method: 'GET', url: '/api/photos/galleries/', headers: auth }), { staff: 200, public: true }],
    [
      'POST galleries',
      (auth) => server.inject({ method: 'POST', url: '/api/photos/galleries/', headers: auth, payload: { name: `New ${Math.random()}`, description: '' } }),
      { staff: 201 },
    ],
    [
      'PATCH galleries/update',
      (auth) =>
        server.inject({
          method: 'PATCH',
          url: `/api/photos/galleries/update/${ids.gallery}/`,
          headers: auth,
          payload: { name: 'Conferences', description: 'Talks' },
        }),
      { staff: 200 },
    ],
    ['GET images', (auth) => server.inject({ method: 'GET', url: '/api/photos/images/', headers: auth }), { staff: 200, public: true }],
    [
      'GET images by gallery',
      (auth) => server.inject({ method: 'GET', url: '/api/photos/images/?gallery_slug=conferences', headers: auth }),
      { staff: 200, public: true },
    ],
    ['POST images', async (auth) => uploadImage(server, auth, {}, { data: await pngWithGps() }), { staff: 201 }],
    ['PATCH images', (auth) => editImage(server, auth, ids.image, { title: 'Renamed', description: '', gallery: '' }), { staff: 200 }],
    ['GET categories', (auth) => server.inject({ method: 'GET', url: '/api/documents/categories/', headers: auth }), { staff: 200 }],
    [
      'POST categories',
      (auth) => server.inject({ method: 'POST', url: '/api/documents/categories/', headers: auth, payload: { name: `Cat ${Math.random()}`, description: '' } }),
      { staff: 201 },
    ],
    ['GET documents', (auth) => server.inject({ method: 'GET', url: '/api/documents/documents/', headers: auth }), { staff: 200 }],
    ['POST documents', (auth) => uploadDocument(server, auth, { category: String(ids.category) }, { data: tinyPdf() }), { staff: 201 }],
    [
      'PATCH documents',
      (auth) =>
        server.inject({
          method: 'PATCH',
          url: `/api/documents/documents/${ids.document}/`,
          headers: auth,
          payload: { is_current: true, category: ids.category },
        }),
      { staff: 200 },
    ],
    ['GET current_cv', (auth) => server.inject({ method: 'GET', url: '/api/documents/documents/current_cv/', headers: auth }), { staff: 404, public: true }],
    [
      'GET a private document download',
      (auth) => server.inject({ method: 'GET', url: `/api/documents/documents/${ids.document}/download/`, headers: auth }),
      { staff: 200 },
    ],
  ];

  it.each(calls)('%s', async (_name, call, expected) => {
    const before = { files: filesOnDisk(server.config.dataDir), audit: await server.db.selectFrom('audit_log').select('id').execute() };
    const anonymous = await call(roles.anonymous);
    const user = await call(roles.user);
    if (expected.public) {
      expect(anonymous.statusCode).toBe(expected.staff);
      expect(user.statusCode).toBe(expected.staff);
    } else {
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      // A refused call changes nothing: no file, no audit line.
      expect(filesOnDisk(server.config.dataDir)).toEqual(before.files);
      expect(await server.db.selectFrom('audit_log').select('id').execute()).toEqual(before.audit);
    }
    expect((await call(roles.staff)).statusCode).toBe(expected.staff);
  });

  it.each([
    ['DELETE galleries', 'gallery', (id: number) => `/api/photos/galleries/${id}/`],
    ['DELETE images', 'image', (id: number) => `/api/photos/images/${id}/`],
    ['DELETE documents', 'document', (id: number) => `/api/documents/documents/${id}/`],
  ] as const)('%s', async (_name, kind, url) => {
    const id = ids[kind];
    expect((await server.inject({ method: 'DELETE', url: url(id) })).statusCode).toBe(401);
    expect((await server.inject({ method: 'DELETE', url: url(id), headers: roles.user })).statusCode).toBe(403);
    expect((await server.inject({ method: 'DELETE', url: url(id), headers: roles.staff })).statusCode).toBe(204);
    expect((await server.inject({ method: 'DELETE', url: url(id), headers: roles.staff })).statusCode).toBe(404);
  });

  it('refuses a bad or foreign token with 401 on every write', async () => {
    const bad = { authorization: 'Bearer not-a-token' };
    for (const res of [
      await server.inject({ method: 'POST', url: '/api/photos/galleries/', headers: bad, payload: { name: 'X' } }),
      await uploadImage(server, bad),
      await server.inject({ method: 'GET', url: '/api/documents/documents/', headers: bad }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Given token not valid for any token type' });
    }
  });

  it('answers 401 before reading an anonymous upload', async () => {
    const res = await postForm(server, '/api/photos/images/', roles.anonymous, { title: 'x' }, [
      { field: 'image', filename: 'x.png', data: Buffer.alloc(16 * 1024 * 1024) },
    ]);
    expect(res.statusCode).toBe(401);
  });
});
