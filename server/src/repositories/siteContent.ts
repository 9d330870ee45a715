import type { ContentVersion, CurrentContent, SiteContent } from '../../contract/content';
import { changedSections } from '../../contract/contentRules';
import { seedContent } from '../content/seed';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { UserRow } from '../db/schema';
import { recordAudit } from './audit';

type Actor = Pick<UserRow, 'id' | 'email'>;

/** How many saved states the history lists; older ones stay in the database. */
export const HISTORY_LENGTH = 50;
/** How much of an earlier value the audit line quotes. */
const QUOTED_CHARS = 200;

/** Saved by nobody in particular: the state the site started with. */
const FIRST_START = 'first start';

function newest(db: Db) {
  return db.selectFrom('site_content_versions').select(['id', 'body', 'saved_at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The content visitors see; on the very first read, the seed is saved as the first state. */
export async function currentContent(db: Db): Promise<CurrentContent> {
  let row = await newest(db);
  if (!row) {
    await db
      .insertInto('site_content_versions')
      .values({ body: JSON.stringify(seedContent), saved_at: nowIso(), saved_by: FIRST_START, previous_id: null })
      .execute();
    row = await newest(db);
  }
  if (!row) throw new Error('The site content could not be saved.');
  return { version: row.id, saved_at: row.saved_at, content: JSON.parse(row.body) as SiteContent };
}

/** The earlier value of what a save changes, quoted in the audit trail for a reader who wants to know what was there. */
function earlierValues(before: SiteContent, sections: string[]): string {
  const quote = (text: string) => `"${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}"`;
  const simple: Record<string, string> = {
    Name: before.name,
    Role: before.role,
    'Company name': before.company_name,
    Email: before.email,
    Tagline: before.tagline,
  };
  return sections.map((section) => (section in simple ? `${section} was ${quote(simple[section])}` : `${section} changed`)).join('; ');
}

export type SaveOutcome = { saved: CurrentContent } | { stale: true } | { unchanged: CurrentContent };

/**
 * Saves a new state if the editor started from the newest one (otherwise someone else saved in
 * between, and their change must not be lost), with an audit line naming what changed and what it was.
 */
export function saveContent(db: Db, actor: Actor, startedFrom: number, content: SiteContent, action = 'site_content.updated'): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const current = await currentContent(trx);
    if (current.version !== startedFrom) return { stale: true };
    const changed = changedSections(current.content, content);
    if (changed.length === 0) return { unchanged: current };
    const savedAt = nowIso();
    const row = await trx
      .insertInto('site_content_versions')
      .values({ body: JSON.stringify(content), saved_at: savedAt, saved_by: actor.email, changed: changed.join('\n'), previous_id: current.version })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      action,
      `site content version ${row.id}`,
      `${earlierValues(current.content, changed)}. Reverting restores version ${current.version}.`,
    );
    return { saved: { version: row.id, saved_at: savedAt, content } };
  });
}

/** The newest saved states, newest first. */
export async function contentHistory(db: Db): Promise<ContentVersion[]> {
  const rows = await db
    .selectFrom('site_content_versions')
    .select(['id', 'saved_at', 'saved_by', 'changed', 'previous_id'])
    .orderBy('id', 'desc')
    .limit(HISTORY_LENGTH)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    saved_at: row.saved_at,
    saved_by: row.saved_by,
    changed: row.changed ? row.changed.split('\n') : [],
    previous: row.previous_id,
  }));
}

/** A saved state's content, to restore it. */
export async function contentVersion(db: Db, id: number): Promise<SiteContent | undefined> {
  const row = await db.selectFrom('site_content_versions').select('body').where('id', '=', id).executeTakeFirst();
  return row ? (JSON.parse(row.body) as SiteContent) : undefined;
}
