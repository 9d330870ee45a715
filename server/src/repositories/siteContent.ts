import type { ContentVersion, CurrentContent, SiteContent } from '../../contract/content';
import { CONTENT_SECTIONS, sectionText } from '../../contract/contentRules';
import { seedContent } from '../content/seed';
import type { Db } from '../db';
import { nowIso } from '../db/columns';

/** How many saved states the history lists; older ones stay in the database. */
export const HISTORY_LENGTH = 50;

/** Saved by nobody in particular: the state the site started with. */
const FIRST_START = 'first start';

function newest(db: Db) {
  return db.selectFrom('site_content_versions').select(['id', 'body', 'saved_at', 'example']).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

const lines = (text: string) => (text ? text.split('\n') : []);

/** A saved state's words; one restored from a backup taken before the identity had a photo and profiles gets none. */
const bodyOf = (body: string): SiteContent => ({ photo: null, profiles: [], ...(JSON.parse(body) as Partial<SiteContent>) }) as SiteContent;

/** The content visitors see; on the very first read, the seed is saved as the first state, every section of it example words. */
export async function currentContent(db: Db): Promise<CurrentContent> {
  let row = await newest(db);
  if (!row) {
    await db
      .insertInto('site_content_versions')
      .values({ body: JSON.stringify(seedContent), saved_at: nowIso(), saved_by: FIRST_START, previous_id: null, example: CONTENT_SECTIONS.join('\n') })
      .execute();
    row = await newest(db);
  }
  if (!row) throw new Error('The site content could not be saved.');
  return { version: row.id, saved_at: row.saved_at, content: bodyOf(row.body), example: lines(row.example) };
}

/** Adds a saved state after `previous`; answers its version. */
export async function insertContentVersion(
  db: Db,
  values: { content: SiteContent; savedAt: string; savedBy: string; changed: string[]; previous: number; example: string[] },
): Promise<number> {
  const row = await db
    .insertInto('site_content_versions')
    .values({
      body: JSON.stringify(values.content),
      saved_at: values.savedAt,
      saved_by: values.savedBy,
      changed: values.changed.join('\n'),
      previous_id: values.previous,
      example: values.example.join('\n'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest saved states, newest first, each with what its changed sections held before it. */
export async function contentHistory(db: Db): Promise<ContentVersion[]> {
  const rows = await db
    .selectFrom('site_content_versions as version')
    .leftJoin('site_content_versions as before', 'before.id', 'version.previous_id')
    .select(['version.id', 'version.saved_at', 'version.saved_by', 'version.changed', 'version.previous_id', 'before.body as previous_body'])
    .orderBy('version.id', 'desc')
    .limit(HISTORY_LENGTH)
    .execute();
  return rows.map((row) => {
    const changed = lines(row.changed);
    const previous = row.previous_body ? bodyOf(row.previous_body) : undefined;
    const earlier = previous
      ? changed.flatMap((section) => {
          const value = sectionText(previous, section);
          return value === undefined ? [] : [{ section, value }];
        })
      : [];
    return { id: row.id, saved_at: row.saved_at, saved_by: row.saved_by, changed, previous: row.previous_id, earlier };
  });
}

/** A saved state's content, to restore it. */
export async function contentVersion(db: Db, id: number): Promise<SiteContent | undefined> {
  const row = await db.selectFrom('site_content_versions').select('body').where('id', '=', id).executeTakeFirst();
  return row ? bodyOf(row.body) : undefined;
}
