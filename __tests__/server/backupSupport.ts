import path from 'node:path';

import { createBackup } from '../../server/src/backup/backup';
import { TarReader, TarWriter } from '../../server/src/backup/tar';
import type { Config } from '../../server/src/config';
import { GOOD_PASSWORD, hashOnce, login } from './accounts/support';
import { createCategory, createGallery, uploadDocument, uploadImage } from './media/client';
import { buildTestServer, insertUser, type TestServer } from './testServer';

export type Site = TestServer & { cleanup: () => Promise<void> };

/** A site with an owner who can sign in, a banner gallery with a picture, and a current CV. */
export async function furnishedSite(options: Partial<Config> = {}): Promise<Site> {
  const site = await buildTestServer(options);
  const owner = await insertUser(site, { is_owner: true, email: 'owner@example.com', password: await hashOnce(GOOD_PASSWORD) });
  const gallery = await createGallery(site, owner.auth, 'page-logos');
  expect((await uploadImage(site, owner.auth, { title: 'Banner', gallery: String(gallery.id) })).statusCode).toBe(201);
  const cv = await createCategory(site, owner.auth, 'CV');
  expect((await uploadDocument(site, owner.auth, { name: 'Curriculum vitae', category: String(cv.id), is_current: 'true' })).statusCode).toBe(201);
  expect((await site.inject({ method: 'GET', url: '/cv.pdf' })).statusCode).toBe(200);
  await site.downloads.flush();
  const bibtex = '@article{doe2024, title = {Rough volatility}, author = {Doe, Jane}, year = {2024}, journal = {Quantitative Finance}}';
  expect((await site.inject({ method: 'POST', url: '/api/publications/import/', headers: owner.auth, payload: { bibtex } })).statusCode).toBe(200);
  const news = { date: '2025-06-01', text: 'Paper accepted at ICML.', link: 'https://icml.cc/' };
  expect((await site.inject({ method: 'POST', url: '/api/news/', headers: owner.auth, payload: news })).statusCode).toBe(201);
  return site;
}

export async function backUp(site: Site, dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  await createBackup(site, site.storage, site.config.secrets, file);
  return file;
}

type Row = Record<string, unknown>;

/**
 * Writes at `older` the archive `current` as a version before `migration` would have written it: the
 * migration left out of its manifest, and the rows of each table named in `tables` rewritten as they
 * were then. Answers `older`.
 */
export function olderArchive(current: string, older: string, migration: string, tables: Record<string, (rows: Row[]) => Row[]>): string {
  const reader = new TarReader(current);
  const writer = new TarWriter(older);
  for (const name of reader.names()) {
    let data = reader.read(name);
    const table = /^database\/(.+)\.jsonl$/.exec(name)?.[1];
    if (name === 'manifest.json') {
      const manifest = JSON.parse(data.toString());
      manifest.migrations = manifest.migrations.filter((applied: string) => applied !== migration);
      data = Buffer.from(JSON.stringify(manifest));
    } else if (table && tables[table]) {
      const rows = data
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row);
      data = Buffer.from(
        tables[table](rows)
          .map((row) => `${JSON.stringify(row)}\n`)
          .join(''),
      );
    }
    writer.add(name, data);
  }
  writer.close();
  reader.close();
  return older;
}

/** `downloadsBefore`: the CV downloads the backup carried (each site a backup passed through adds one). */
export async function expectSameSite(restored: Site, newGallery = 'Travel', downloadsBefore = 1) {
  const signedIn = await login(restored, 'owner@example.com', GOOD_PASSWORD);
  expect(signedIn.statusCode).toBe(200);
  const owner = { authorization: `Bearer ${signedIn.json<{ access: string }>().access}` };
  const images = (await restored.inject({ method: 'GET', url: '/api/photos/images/?gallery_slug=page-logos' })).json<{ title: string; image: string }[]>();
  expect(images.map((image) => image.title)).toEqual(['Banner']);
  expect((await restored.inject({ method: 'GET', url: new URL(images[0].image, 'http://localhost').pathname })).statusCode).toBe(200);
  const cv = await restored.inject({ method: 'GET', url: '/cv.pdf' });
  expect(cv.statusCode).toBe(200);
  expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const publications = (await restored.inject({ method: 'GET', url: '/api/publications/' })).json<{ cite_key: string }[]>();
  expect(publications.map((publication) => publication.cite_key)).toEqual(['doe2024']);
  const newsItems = (await restored.inject({ method: 'GET', url: '/api/news/' })).json<{ date: string; text: string; link: string }[]>();
  expect(newsItems).toContainEqual({
    id: expect.any(Number),
    date: '2025-06-01',
    text: 'Paper accepted at ICML.',
    html: 'Paper accepted at ICML.',
    link: 'https://icml.cc/',
    updated_at: expect.any(String),
  });
  // New rows are numbered after the restored ones.
  const second = await restored.inject({ method: 'POST', url: '/api/photos/galleries/', headers: owner, payload: { name: newGallery } });
  expect(second.statusCode).toBe(201);
  const news = { date: '2025-07-01', text: 'Talk at the Bachelier Congress.', link: '' };
  expect((await restored.inject({ method: 'POST', url: '/api/news/', headers: owner, payload: news })).statusCode).toBe(201);
  // The restored count goes on with the download just above.
  const downloads = await restored.inject({ method: 'GET', url: '/api/documents/downloads/', headers: owner });
  expect(downloads.json<{ documents: { total: number }[] }>().documents.map((document) => document.total)).toEqual([downloadsBefore + 1]);
}
