import type { FastifyInstance } from 'fastify';

import { NEWS_LIMITS, NEWS_MESSAGES, type NewsItemInput } from '../../contract/news';
import type { NewsItemRow, UserRow } from '../db/schema';
import { ErrorCollector, type FieldErrors, MESSAGES } from '../errors';
import { isCalendarDate, isWebAddress } from '../lib/fieldChecks';
import { createNewsItem, deleteNewsItem, findNewsItem, type NewsText, updateNewsItem } from '../repositories/news';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;
type Actor = Pick<UserRow, 'id' | 'email'>;

type Saved = { item: NewsItemRow };
type Refused = { problems: FieldErrors };

/** The item's fields, trimmed, or a message for each field that is wrong. */
function readNews(input: NewsItemInput): NewsText | Refused {
  const errors = new ErrorCollector();
  const date = input.date.trim();
  const text = input.text.trim();
  const link = input.link.trim();
  if (!isCalendarDate(date)) errors.add('date', NEWS_MESSAGES.date);
  // Counted in code points, as the schema counts them, so an emoji is one character.
  if (!text) errors.add('text', NEWS_MESSAGES.textRequired);
  else if ([...text].length > NEWS_LIMITS.text) errors.add('text', NEWS_MESSAGES.textTooLong);
  if (link && !isWebAddress(link)) errors.add('link', NEWS_MESSAGES.link);
  else if ([...link].length > NEWS_LIMITS.link) errors.add('link', MESSAGES.maxLength(NEWS_LIMITS.link));
  return errors.any ? { problems: errors.fields } : { date, text, link };
}

export async function addNews(site: Site, actor: Actor, input: NewsItemInput): Promise<Saved | Refused> {
  const read = readNews(input);
  if ('problems' in read) return read;
  const item = await createNewsItem(site.db, actor, read);
  site.changes.publish('News');
  return { item };
}

/** Rewrites an item; undefined when there is none. An edit that changes nothing writes nothing. */
export async function editNews(site: Site, actor: Actor, id: number, input: NewsItemInput): Promise<Saved | Refused | undefined> {
  const row = await findNewsItem(site.db, id);
  if (!row) return undefined;
  const read = readNews(input);
  if ('problems' in read) return read;
  const change = Object.fromEntries(
    (Object.keys(read) as (keyof NewsText)[]).filter((field) => read[field] !== row[field]).map((field) => [field, read[field]]),
  );
  if (Object.keys(change).length === 0) return { item: row };
  const item = await updateNewsItem(site.db, actor, id, change);
  if (!item) return undefined;
  site.changes.publish('News');
  return { item };
}

/** Deletes an item; false when there was none. */
export async function removeNews(site: Site, actor: Actor, id: number): Promise<boolean> {
  if (!(await deleteNewsItem(site.db, actor, id))) return false;
  site.changes.publish('News');
  return true;
}
