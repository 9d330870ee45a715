import type { FastifyInstance } from 'fastify';

import { NEWS_LIMITS, NEWS_MESSAGES, type NewsItemInput } from '../../contract/news';
import type { NewsItemRow } from '../db/schema';
import { ErrorCollector, MESSAGES } from '../errors';
import { RENDERER_VERSION } from '../markdown/version';
import type { AuditActor } from '../repositories/audit';
import { createNewsItem, deleteNewsItem, findNewsItem, type NewsText, updateNewsItem } from '../repositories/news';
import { renderBody } from './markdownBodies';
import type { Edited, Refused, Saved } from './staffEdits';
import { announceDeleted, announceSaved, changedFields, checkDate, checkLine, checkWebAddress, lineProblems } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'changes' | 'work'>;

/**
 * The item's fields, trimmed and its text rendered (inline Markdown with mathematics), or a message for
 * each field that is wrong. A text over the limit is refused, never cut, and is not rendered.
 */
async function checkInput(site: Site, input: NewsItemInput): Promise<NewsText | Refused> {
  const errors = new ErrorCollector();
  const date = checkDate(errors, 'date', input.date, NEWS_MESSAGES.date);
  const text = checkLine(errors, 'text', input.text, { limit: NEWS_LIMITS.text, required: NEWS_MESSAGES.textRequired, tooLong: NEWS_MESSAGES.textTooLong });
  const link = checkWebAddress(errors, 'link', input.link, {
    limit: NEWS_LIMITS.link,
    invalid: NEWS_MESSAGES.link,
    tooLong: MESSAGES.maxLength(NEWS_LIMITS.link),
    onSite: true,
  });
  let html = '';
  if (!errors.fields.text) {
    const rendered = await renderBody(site, text, 'inline');
    for (const problem of lineProblems(rendered.problems)) errors.add('text', problem);
    html = rendered.html;
  }
  return errors.any ? { problems: errors.fields } : { date, text, text_html: html, link, rendered_version: RENDERER_VERSION };
}

/** The rendering counts as an edit only with its text: a renderer that now writes the same text otherwise makes none. */
const RENDERINGS = { text_html: 'text', rendered_version: 'text' } as const;

export async function addNews(site: Site, actor: AuditActor, input: NewsItemInput): Promise<Saved<NewsItemRow> | Refused> {
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  return announceSaved(site, 'News', await createNewsItem(site.db, actor, checked));
}

/** Rewrites an item; undefined when there is none. An edit that changes nothing writes nothing. */
export async function editNews(site: Site, actor: AuditActor, id: number, input: NewsItemInput): Promise<Edited<NewsItemRow>> {
  const row = await findNewsItem(site.db, id);
  if (!row) return undefined;
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  const change = changedFields(row, checked, RENDERINGS);
  if (Object.keys(change).length === 0) return { item: row };
  const item = await updateNewsItem(site.db, actor, id, change);
  return item && announceSaved(site, 'News', item);
}

/** Deletes an item; false when there was none. */
export const removeNews = (site: Site, actor: AuditActor, id: number) => announceDeleted(site, 'News', deleteNewsItem(site.db, actor, id));
