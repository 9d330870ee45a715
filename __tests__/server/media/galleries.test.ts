import { slugify } from '../../../server/src/repositories/galleries';
import { sendRaw, serverWithAccountsFor } from '../testServer';
import { auditActions, createGallery, uploadImage } from './client';

// Each test builds a server on a fresh database; on PostgreSQL that takes a moment.
jest.setTimeout(30_000);

describe('galleries', () => {
  const { server, staff } = serverWithAccountsFor();

  const create = (payload: unknown) => server.inject({ method: 'POST', url: '/api/photos/galleries/', headers: staff, payload: payload as object });
  const update = (id: number, payload: unknown) =>
    server.inject({ method: 'PATCH', url: `/api/photos/galleries/update/${id}/`, headers: staff, payload: payload as object });

  it('creates a gallery with a slug from its name and lists galleries as a plain array', async () => {
    const res = await create({ name: '  Page Logos ', description: 'Front page pictures' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Page Logos', slug: 'page-logos', description: 'Front page pictures' });
    await create({ name: 'Conférences 2025' });
    const list = await server.inject({ method: 'GET', url: '/api/photos/galleries/' });
    expect(list.json()).toEqual([
      expect.objectContaining({ name: 'Conférences 2025', slug: 'conferences-2025', description: '' }),
      expect.objectContaining({ name: 'Page Logos', slug: 'page-logos' }),
    ]);
    expect(await auditActions(server)).toEqual(['gallery.created', 'gallery.created']);
  });

  it('lists galleries as a person sorts them: case and accents aside, numbers by value', async () => {
    for (const name of ['Travel', 'page-logos', 'Conferences', 'Gallery 10', 'Gallery 2', 'écoles']) await createGallery(server, staff, name);
    const list = await server.inject({ method: 'GET', url: '/api/photos/galleries/' });
    expect(list.json().map((gallery: { name: string }) => gallery.name)).toEqual(['Conferences', 'écoles', 'Gallery 2', 'Gallery 10', 'page-logos', 'Travel']);
  });

  it('keeps slugs unique when different names give the same slug', async () => {
    await createGallery(server, staff, 'page-logos');
    expect((await createGallery(server, staff, 'Page Logos!')).slug).toBe('page-logos-2');
    expect((await createGallery(server, staff, 'PAGE  logos?')).slug).toBe('page-logos-3');
    expect((await createGallery(server, staff, '★★★')).slug).toBe('gallery');
  });

  it('answers malformed bodies with {detail}, never a 500', async () => {
    const broken = await sendRaw(server, 'POST', '/api/photos/galleries/', staff, 'application/json', '{"name":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('detail');
    const notObject = await sendRaw(server, 'POST', '/api/photos/galleries/', staff, 'application/json', '[1,2]');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toHaveProperty('detail');
    const odd = await sendRaw(server, 'POST', '/api/photos/galleries/', staff, 'application/x-unknown', 'x');
    expect(odd.statusCode).toBe(415);
    expect(odd.json()).toHaveProperty('detail');
    // Only uploads take forms.
    const form = await sendRaw(server, 'POST', '/api/photos/galleries/', staff, 'multipart/form-data; boundary=x', '--x--\r\n');
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ detail: 'Unsupported media type "multipart/form-data; boundary=x" in request.' });
  });

  it('renames a gallery, moving its slug, and edits its description', async () => {
    const gallery = await createGallery(server, staff, 'Logos');
    const res = await update(gallery.id, { name: 'page-logos', description: 'On the home page' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: gallery.id, name: 'page-logos', slug: 'page-logos', description: 'On the home page' });
    const descriptionOnly = await update(gallery.id, { description: '' });
    expect(descriptionOnly.json()).toEqual({ id: gallery.id, name: 'page-logos', slug: 'page-logos', description: '' });
    expect(await auditActions(server)).toEqual(['gallery.created', 'gallery.updated', 'gallery.updated']);
  });

  it('validates an edit like a creation', async () => {
    const gallery = await createGallery(server, staff, 'Logos');
    await createGallery(server, staff, 'Talks');
    expect((await update(gallery.id, { name: ' ' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await update(gallery.id, { name: 'TALKS' })).json()).toEqual({ name: ['A gallery with this name already exists.'] });
    expect((await update(gallery.id, { name: 'LOGOS' })).json()).toEqual(expect.objectContaining({ name: 'LOGOS', slug: 'logos' }));
  });

  it('answers 404 for a missing or malformed gallery id', async () => {
    expect((await update(999, { name: 'x' })).statusCode).toBe(404);
    const malformed = await update(0, { name: 'x' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ detail: 'Not found.' });
    expect((await server.inject({ method: 'PATCH', url: '/api/photos/galleries/update/abc/', headers: staff, payload: {} })).statusCode).toBe(404);
    expect((await server.inject({ method: 'DELETE', url: '/api/photos/galleries/99999999999/', headers: staff })).statusCode).toBe(404);
  });

  it('deletes a gallery and leaves its images unassigned', async () => {
    const gallery = await createGallery(server, staff, 'page-logos');
    const image = (await uploadImage(server, staff, { gallery: String(gallery.id) })).json();
    expect(image.gallery_name).toBe('page-logos');
    const res = await server.inject({ method: 'DELETE', url: `/api/photos/galleries/${gallery.id}/`, headers: staff });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const images = (await server.inject({ method: 'GET', url: '/api/photos/images/' })).json();
    expect(images).toEqual([expect.objectContaining({ id: image.id, gallery: null, gallery_name: null })]);
    expect((await server.inject({ method: 'GET', url: '/api/photos/galleries/' })).json()).toEqual([]);
    expect(await auditActions(server)).toEqual(['gallery.created', 'image.uploaded', 'gallery.deleted']);
  });
});

describe('slugify', () => {
  it.each([
    ['page-logos', 'page-logos'],
    ['Page Logos', 'page-logos'],
    ['  --Zürich & Genève--  ', 'zurich-geneve'],
    ['日本', 'gallery'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
