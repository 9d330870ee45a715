import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'kysely';

import { DATA_TAGS } from '../../server/contract/changes';
import { CHANGES_CHANNEL } from '../../server/src/plugins/changes';
import { buildServer } from '../../server/src/server';
import { publishDueNotes } from '../../server/src/services/notes';
import { saveContent } from './content/client';
import { createGallery, uploadImage } from './media/client';
import { startS3 } from './s3Server';
import { buildTestServer, fakeBuild, insertUser, type TestServer } from './testServer';

/** Two instances of the site on one PostgreSQL database and one storage, as behind a load balancer. */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres.each([
  ['one media folder', false],
  ['an S3 bucket, on machines of their own', true],
])('two instances on one PostgreSQL database and %s', (_storage, useS3) => {
  let first: TestServer & { cleanup: () => Promise<void> };
  let second: TestServer;
  let staff: Record<string, string>;
  let stopS3: (() => Promise<void>) | undefined;
  let secondDataDir: string | undefined;
  let staticDir: string;

  beforeAll(async () => {
    const s3 = useS3 ? await startS3() : undefined;
    stopS3 = s3?.stop;
    staticDir = fakeBuild();
    first = await buildTestServer({ storageUrl: s3?.storageUrl, staticDir });
    // With S3 the second instance shares nothing on disk with the first.
    secondDataDir = useS3 ? fs.mkdtempSync(path.join(os.tmpdir(), 'site-second-')) : undefined;
    second = await buildServer({ ...first.config, dataDir: secondDataDir ?? first.config.dataDir });
    await second.ready();
    staff = (await insertUser(first, { is_staff: true })).auth;
  });
  afterAll(async () => {
    await second.close();
    await first.cleanup();
    await stopS3?.();
    if (secondDataDir) fs.rmSync(secondDataDir, { recursive: true, force: true });
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('lists a picture uploaded through one instance on the other within a second, not after its cache expires', async () => {
    const list = (server: TestServer) =>
      server.inject({ method: 'GET', url: '/api/photos/images/?gallery_slug=page-logos' }).then((res) => res.json<{ title: string }[]>());
    // The second instance answers, and keeps, the empty list.
    expect(await list(second)).toEqual([]);
    const gallery = await createGallery(first, staff, 'page-logos');
    expect((await uploadImage(first, staff, { title: 'Seen everywhere', gallery: String(gallery.id) })).statusCode).toBe(201);

    const deadline = Date.now() + 1_000;
    let titles: string[] = [];
    while (Date.now() < deadline) {
      titles = (await list(second)).map((image) => image.title);
      if (titles.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(titles).toEqual(['Seen everywhere']);
    const [image] = (await list(second)) as unknown as { sizes: { banner: string } }[];
    expect((await second.inject({ method: 'GET', url: image.sizes.banner })).statusCode).toBe(200);
  });

  it('shows a tagline saved through one instance in the other’s server-rendered home page within a second', async () => {
    const home = async (server: TestServer) => (await server.inject({ method: 'GET', url: '/' })).body;
    // The second instance renders, and keeps, the home page with the words as they were.
    expect(await home(second)).not.toContain('Said on one instance, shown by all.');
    expect((await saveContent(first, staff, { tagline: 'Said on one instance, shown by all.' })).statusCode).toBe(200);

    const deadline = Date.now() + 1_000;
    let html = '';
    while (Date.now() < deadline) {
      html = await home(second);
      if (html.includes('Said on one instance, shown by all.')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(html).toContain('Said on one instance, shown by all.');
  });

  it('publishes a scheduled note once, by one instance, and both show it within a second', async () => {
    const note = {
      title: 'Scheduled',
      slug: `scheduled-${useS3 ? 's3' : 'disk'}`,
      summary: '',
      tags: [],
      cover_image: null,
      body: 'Text.',
      publish: 'schedule',
      publish_at: new Date(Date.now() + 60_000).toISOString(),
    };
    expect((await first.inject({ method: 'POST', url: '/api/notes/manage/', headers: staff, payload: note })).statusCode).toBe(201);
    const read = async (server: TestServer) => (await server.inject({ method: 'GET', url: `/api/notes/${note.slug}/` })).statusCode;
    expect(await read(second)).toBe(404);
    await first.db
      .updateTable('notes')
      .set({ publish_at: new Date(Date.now() - 1_000).toISOString() })
      .where('slug', '=', note.slug)
      .execute();
    const counts = await Promise.all([publishDueNotes(first), publishDueNotes(second)]);
    expect(counts.sort()).toEqual([0, 1]);
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline && (await read(second)) !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    expect([await read(first), await read(second)]).toEqual([200, 200]);
  });

  it('takes an announcement it cannot read (from another version, during a rolling update) as a change of everything', async () => {
    const heard: string[][] = [];
    const stop = second.changes.subscribe(['Image'], (changed) => heard.push([...changed]));
    try {
      await sql`select pg_notify(${CHANGES_CHANNEL}, ${'older-instance:media'})`.execute(first.db);
      const deadline = Date.now() + 1_000;
      while (Date.now() < deadline && heard.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([[...DATA_TAGS]]);
    } finally {
      stop();
    }
  });
});
