import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Migrator } from 'kysely';

import type { SiteContent } from '../../../server/contract/content';
import { CONTENT_SECTIONS } from '../../../server/contract/contentRules';
import { resolveContent } from '../../../server/contract/identity';
import { seedContent } from '../../../server/src/content/seed';
import { type Db, migrateToLatest, openDatabase } from '../../../server/src/db';
import { migrations } from '../../../server/src/db/migrations';
import { freshDatabase } from '../testServer';
import { earlierWords } from './earlierWords';

/** The first-start words as sites saved them before the identity was written once. */
const earlierSeed = () => earlierWords(structuredClone(seedContent));

describe('migration 025: the identity written once', () => {
  let dir: string;
  let db: Db;
  let dropDatabase: () => Promise<void>;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-migration-'));
    const database = await freshDatabase();
    dropDatabase = database.drop;
    db = (await openDatabase({ dataDir: dir, databaseUrl: database.url })).db;
    const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await before.migrateTo('024_news_html');
    if (error) throw error;
  });
  afterEach(async () => {
    await db.destroy();
    await dropDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (body: unknown, savedBy: string, changed: string[], previous: number | null) =>
    db
      .insertInto('site_content_versions')
      .values({ body: JSON.stringify(body), saved_at: '2026-01-05T09:00:00.000Z', saved_by: savedBy, changed: changed.join('\n'), previous_id: previous })
      .returning('id')
      .executeTakeFirstOrThrow();
  const rows = () => db.selectFrom('site_content_versions').selectAll().orderBy('id').execute();

  it('turns repeated addresses into references, and counts a site whose words staff edited as set up', async () => {
    const first = await insert(earlierSeed(), 'first start', [], null);
    await insert({ ...earlierSeed(), about: ['Mine.'] }, 'staff@example.com', ['About text'], first.id);
    await migrateToLatest(db);

    const [start, edited] = await rows();
    const body = JSON.parse(start.body) as SiteContent;
    expect(body.photo).toBeNull();
    expect(body.profiles).toEqual([{ kind: 'linkedin', url: 'https://www.linkedin.com/in/elias-northcote' }]);
    expect(body.cv.contact.map((line) => line.from)).toEqual(['email', undefined, 'linkedin']);
    expect(body.cv.links.map((line) => line.from)).toEqual(['linkedin', 'email']);
    expect(body.on_the_web[0]).toEqual({ title: 'LinkedIn', description: seedContent.on_the_web[0].description, from: 'linkedin' });
    // Shown as before.
    expect(resolveContent(body).cv).toEqual(resolveContent(seedContent).cv);
    expect(start.example.split('\n')).toEqual([...CONTENT_SECTIONS]);
    expect(edited.example.split('\n')).toEqual(CONTENT_SECTIONS.filter((section) => section !== 'About text'));
    const setting = await db.selectFrom('site_settings').selectAll().where('key', '=', 'owner_setup').executeTakeFirst();
    expect(setting).toBeDefined();
  });

  it('leaves a site that only ever showed the example to be set up', async () => {
    await insert(earlierSeed(), 'first start', [], null);
    await migrateToLatest(db);
    expect(await db.selectFrom('site_settings').selectAll().where('key', '=', 'owner_setup').executeTakeFirst()).toBeUndefined();
    expect(JSON.parse((await rows())[0].body)).toEqual(seedContent);
  });
});
