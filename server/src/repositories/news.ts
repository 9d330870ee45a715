import type { NewsItem } from '../../contract/news';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { NewsItemRow } from '../db/schema';
import { type AuditActor, changeOneAudited, recordAudit } from './audit';

export interface NewsText {
  date: string;
  text: string;
  link: string;
}

export const toNewsItem = (row: NewsItemRow): NewsItem => ({ id: row.id, date: row.date, text: row.text, link: row.link, updated_at: row.updated_at });

const subject = (row: NewsItemRow) => `news ${row.id} (${row.date})`;

/** The newest first: by the date they name, then the latest written. */
export function listNews(db: Db, limit?: number): Promise<NewsItemRow[]> {
  let query = db.selectFrom('news_items').selectAll().orderBy('date', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

export function findNewsItem(db: Db, id: number): Promise<NewsItemRow | undefined> {
  return db.selectFrom('news_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new item and its audit line, in one transaction. */
export function createNewsItem(db: Db, actor: AuditActor, item: NewsText): Promise<NewsItemRow> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const created = await trx
      .insertInto('news_items')
      .values({ ...item, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, 'news.created', subject(created), created.text);
    return created;
  });
}

/** Sets the given fields, naming them in the audit line; undefined when the item is gone. */
export function updateNewsItem(db: Db, actor: AuditActor, id: number, change: Partial<NewsText>): Promise<NewsItemRow | undefined> {
  return changeOneAudited(
    db,
    actor,
    (trx) =>
      trx
        .updateTable('news_items')
        .set({ ...change, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    (row) => ['news.updated', subject(row), `Changed ${Object.keys(change).join(', ')}.`],
  );
}

/** Deletes an item with its audit line; undefined when there was none. */
export function deleteNewsItem(db: Db, actor: AuditActor, id: number): Promise<NewsItemRow | undefined> {
  return changeOneAudited(
    db,
    actor,
    (trx) => trx.deleteFrom('news_items').where('id', '=', id).returningAll().executeTakeFirst(),
    (row) => ['news.deleted', subject(row), row.text],
  );
}
