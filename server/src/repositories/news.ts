import type { NewsItem } from '../../contract/news';
import type { Db } from '../db';
import type { NewsItemRow } from '../db/schema';
import { escapeHtml } from '../lib/html';
import { type AuditActor, changedDetails, deleteOneAudited, insertOneAudited, updateOneAudited } from './audit';

/** What staff write, checked, with the text rendered. */
export interface NewsText {
  date: string;
  text: string;
  text_html: string;
  link: string;
  rendered_version: number;
}

/** An item as the API answers it; a row from before texts were rendered shows its text as written until it is. */
export const toNewsItem = (row: NewsItemRow): NewsItem => ({
  id: row.id,
  date: row.date,
  text: row.text,
  html: row.text_html || escapeHtml(row.text),
  link: row.link,
  updated_at: row.updated_at,
});

const subject = (row: NewsItemRow) => `news ${row.id} (${row.date})`;

/** The newest first: by the date they name, then the latest written. */
export function listNews(db: Db, limit?: number): Promise<NewsItemRow[]> {
  let query = db.selectFrom('news_items').selectAll().orderBy('date', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** One page of the list, newest first, with how many items there are in all. */
export async function listNewsPage(db: Db, { offset, limit }: { offset: number; limit: number }): Promise<{ rows: NewsItemRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db.selectFrom('news_items').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom('news_items')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

export function findNewsItem(db: Db, id: number): Promise<NewsItemRow | undefined> {
  return db.selectFrom('news_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new item and its audit line, in one transaction. */
export const createNewsItem = (db: Db, actor: AuditActor, item: NewsText): Promise<NewsItemRow> =>
  insertOneAudited(db, actor, 'news_items', item, (row) => ['news.created', subject(row), row.text]);

/** What an audit line names of an edit: what staff changed, not what the server derives from it. */
const DERIVED: readonly string[] = ['text_html', 'rendered_version'];

/** Sets the given fields, naming them in the audit line; undefined when the item is gone. */
export const updateNewsItem = (db: Db, actor: AuditActor, id: number, change: Partial<NewsText>): Promise<NewsItemRow | undefined> =>
  updateOneAudited(db, actor, 'news_items', id, change, (row) => [
    'news.updated',
    subject(row),
    changedDetails(Object.keys(change).filter((field) => !DERIVED.includes(field))),
  ]);

/** Deletes an item with its audit line; undefined when there was none. */
export const deleteNewsItem = (db: Db, actor: AuditActor, id: number): Promise<NewsItemRow | undefined> =>
  deleteOneAudited(db, actor, 'news_items', id, (row) => ['news.deleted', subject(row), row.text]);
