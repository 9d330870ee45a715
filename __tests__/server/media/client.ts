import type { Document } from '../../../server/contract';
import type { Auth, TestServer } from '../testServer';

export type { Auth } from '../testServer';
import { type FilePart, form, pngWithGps, tinyPdf } from './fixtures';

export function postForm(
  server: TestServer,
  url: string,
  auth: Auth,
  fields: Record<string, string>,
  files: FilePart[] = [],
  method: 'POST' | 'PATCH' = 'POST',
) {
  const body = form(fields, files);
  return server.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

export async function createGallery(server: TestServer, auth: Auth, name: string, description = '') {
  const res = await server.inject({ method: 'POST', url: '/api/photos/galleries/', headers: auth, payload: { name, description } });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; name: string; slug: string; description: string }>();
}

export async function uploadImage(server: TestServer, auth: Auth, fields: Record<string, string> = {}, file?: Partial<FilePart>) {
  return postForm(server, '/api/photos/images/', auth, { title: 'A photo', ...fields }, [
    { field: 'image', filename: 'photo.png', data: file?.data ?? (await pngWithGps()), ...file },
  ]);
}

/** An image edit as the edit form sends it, with a replacement picture when one is given. */
export function editImage(server: TestServer, auth: Auth, id: number, fields: Record<string, string>, replacement?: Omit<FilePart, 'field'>) {
  return postForm(server, `/api/photos/images/${id}/`, auth, fields, replacement ? [{ field: 'image', ...replacement }] : [], 'PATCH');
}

export async function createCategory(server: TestServer, auth: Auth, name: string, description = '') {
  const res = await server.inject({ method: 'POST', url: '/api/documents/categories/', headers: auth, payload: { name, description } });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; name: string; description: string }>();
}

/**
 * The id of a document called `name` uploaded to the category named `category` (made when the site has none
 * of that name), for tests whose subject is what refers to documents.
 */
export async function documentIn(server: TestServer, auth: Auth, category: string, name: string, file?: Partial<FilePart>): Promise<number> {
  const existing = await server.db.selectFrom('document_categories').select('id').where('name', '=', category).executeTakeFirst();
  const { id } = existing ?? (await createCategory(server, auth, category));
  const response = await uploadDocument(server, auth, { name, category: String(id) }, file);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

export function uploadDocument(server: TestServer, auth: Auth, fields: Record<string, string>, file?: Partial<FilePart>) {
  return postForm(server, '/api/documents/documents/', auth, { name: 'A document', description: '', is_current: 'false', ...fields }, [
    { field: 'file', filename: 'document.pdf', data: tinyPdf(), ...file },
  ]);
}

/** A document uploaded through uploadDocument, which the site must take. */
export async function uploadedDocument(server: TestServer, auth: Auth, fields: Record<string, string>, file?: Partial<FilePart>): Promise<Document> {
  const res = await uploadDocument(server, auth, fields, file);
  expect(res.statusCode).toBe(201);
  return res.json<Document>();
}

/** The ids of two new document categories: the CV's, named `cvName` (the site finds it in any capitalisation), and "Papers". */
export async function cvAndPapers(server: TestServer, auth: Auth, cvName: string): Promise<{ cv: number; papers: number }> {
  return { cv: (await createCategory(server, auth, cvName)).id, papers: (await createCategory(server, auth, 'Papers')).id };
}

/** A document edit as the edit form sends it (form data), with a replacement file when one is given. */
export function editDocument(server: TestServer, auth: Auth, id: number, fields: Record<string, string>, replacement?: Omit<FilePart, 'field'>) {
  return postForm(server, `/api/documents/documents/${id}/`, auth, fields, replacement ? [{ field: 'file', ...replacement }] : [], 'PATCH');
}

export async function currentFlags(server: TestServer): Promise<Record<number, boolean>> {
  const rows = await server.db.selectFrom('documents').select(['id', 'is_current']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.is_current === 1]));
}

export async function auditActions(server: TestServer): Promise<string[]> {
  return (await server.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map((r) => r.action);
}
