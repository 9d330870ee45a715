import type { FastifyInstance } from 'fastify';

import { TALK_LIMITS, TALK_MESSAGES, TALK_TYPES, type TalkInput } from '../../contract/talks';
import { ErrorCollector } from '../errors';
import type { AuditActor } from '../repositories/audit';
import { findDocument } from '../repositories/documents';
import { findPublication } from '../repositories/publications';
import { createTalk, deleteTalk, findTalk, type TalkFields, type TalkWithPaper, updateTalk } from '../repositories/talks';
import { renderBody } from './markdownBodies';
import type { Edited, Refused, Saved } from './staffEdits';
import { announceDeleted, announceSaved, changedFields, checkChoice, checkDate, checkLine, checkMarkdown, checkWebAddress } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'changes' | 'work'>;

/** The Talks page: h1, then a section (h2) per upcoming list or year, then each talk's title (h3); abstracts go on below. */
const ABSTRACT_TOP_HEADING = 4;
const ABSTRACT = { maxBytes: TALK_LIMITS.abstractBytes, tooLong: TALK_MESSAGES.abstractTooLong };

/**
 * The talk's fields, trimmed and its abstract rendered, or a message for each field that is wrong
 * (the abstract's by line, as a note's body).
 */
async function checkInput(site: Site, input: TalkInput): Promise<TalkFields | Refused> {
  const errors = new ErrorCollector();
  const title = checkLine(errors, 'title', input.title, {
    limit: TALK_LIMITS.title,
    required: TALK_MESSAGES.titleRequired,
    tooLong: TALK_MESSAGES.titleTooLong,
  });
  const event = checkLine(errors, 'event', input.event, { limit: TALK_LIMITS.event, tooLong: TALK_MESSAGES.eventTooLong });
  const place = checkLine(errors, 'place', input.place, { limit: TALK_LIMITS.place, tooLong: TALK_MESSAGES.placeTooLong });
  const date = checkDate(errors, 'date', input.date, TALK_MESSAGES.date);
  const type = checkChoice(errors, 'type', input.type, TALK_TYPES, TALK_MESSAGES.type);
  const video = checkWebAddress(errors, 'video', input.video, { limit: TALK_LIMITS.video, invalid: TALK_MESSAGES.video, tooLong: TALK_MESSAGES.videoTooLong });
  if (input.slides !== null && !(await findDocument(site.db, input.slides))) errors.add('slides', TALK_MESSAGES.slides);
  if (input.paper !== null && !(await findPublication(site.db, input.paper))) errors.add('paper', TALK_MESSAGES.paper);
  const abstract = await checkMarkdown(errors, 'abstract', input.abstract, ABSTRACT, (body) => renderBody(site, body, ABSTRACT_TOP_HEADING));
  if (errors.any || !type) return { problems: errors.fields };
  return {
    title,
    event,
    place,
    date,
    type,
    abstract: abstract.source,
    abstract_html: abstract.html,
    slides_document_id: input.slides,
    video,
    publication_id: input.paper,
  };
}

export async function addTalk(site: Site, actor: AuditActor, input: TalkInput): Promise<Saved<TalkWithPaper> | Refused> {
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  // Followers hear of talks still to come; a past one added to the record is no news.
  const id = await createTalk(site.db, actor, checked, { announced: checked.date >= new Date().toISOString().slice(0, 10) });
  return announceSaved(site, 'Talk', (await findTalk(site.db, id))!);
}

/** Rewrites a talk; undefined when there is none. An edit that changes nothing writes nothing. */
export async function editTalk(site: Site, actor: AuditActor, id: number, input: TalkInput): Promise<Edited<TalkWithPaper>> {
  const row = await findTalk(site.db, id);
  if (!row) return undefined;
  const checked = await checkInput(site, input);
  if ('problems' in checked) return checked;
  const change = changedFields(row, checked, { abstract_html: 'abstract' });
  if (Object.keys(change).length === 0) return { item: row };
  if (!(await updateTalk(site.db, actor, id, change))) return undefined;
  return announceSaved(site, 'Talk', (await findTalk(site.db, id))!);
}

/** Deletes a talk; false when there was none. */
export const removeTalk = (site: Site, actor: AuditActor, id: number) => announceDeleted(site, 'Talk', deleteTalk(site.db, actor, id));
