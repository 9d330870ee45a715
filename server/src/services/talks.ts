import type { FastifyInstance } from 'fastify';

import { TALK_LIMITS, TALK_MESSAGES, TALK_TYPES, type TalkInput } from '../../contract/talks';
import type { UserRow } from '../db/schema';
import { ErrorCollector, type FieldErrors } from '../errors';
import { isCalendarDate, isWebAddress } from '../lib/fieldChecks';
import { findDocument } from '../repositories/documents';
import { findPublication } from '../repositories/publications';
import { createTalk, deleteTalk, findTalk, type TalkFields, type TalkWithPaper, updateTalk } from '../repositories/talks';
import { renderBody } from './notes';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;
type Actor = Pick<UserRow, 'id' | 'email'>;

type Saved = { talk: TalkWithPaper };
type Refused = { problems: FieldErrors };

/** The Talks page: h1, then a section (h2) per upcoming list or year, then each talk's title (h3); abstracts go on below. */
const ABSTRACT_TOP_HEADING = 4;

// Counted in code points, as the schema counts them, so an emoji is one character.
const length = (text: string) => [...text].length;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The talk's fields, trimmed and its abstract rendered, or a message for each field that is wrong
 * (the abstract's by line, as a note's body).
 */
async function readTalk(site: Site, input: TalkInput): Promise<TalkFields | Refused> {
  const errors = new ErrorCollector();
  const title = input.title.trim();
  const event = input.event.trim();
  const place = input.place.trim();
  const date = input.date.trim();
  const type = TALK_TYPES.find((known) => known === input.type.trim());
  const video = input.video.trim();
  // Only trailing space goes: the problems name lines as the editor counts them.
  const abstract = input.abstract.trimEnd();
  if (!title) errors.add('title', TALK_MESSAGES.titleRequired);
  else if (length(title) > TALK_LIMITS.title) errors.add('title', TALK_MESSAGES.titleTooLong);
  if (length(event) > TALK_LIMITS.event) errors.add('event', TALK_MESSAGES.eventTooLong);
  if (length(place) > TALK_LIMITS.place) errors.add('place', TALK_MESSAGES.placeTooLong);
  if (!isCalendarDate(date)) errors.add('date', TALK_MESSAGES.date);
  if (!type) errors.add('type', TALK_MESSAGES.type);
  if (video && !isWebAddress(video)) errors.add('video', TALK_MESSAGES.video);
  else if (length(video) > TALK_LIMITS.video) errors.add('video', TALK_MESSAGES.videoTooLong);
  if (input.slides !== null && !(await findDocument(site.db, input.slides))) errors.add('slides', TALK_MESSAGES.slides);
  if (input.paper !== null && !(await findPublication(site.db, input.paper))) errors.add('paper', TALK_MESSAGES.paper);
  let abstractHtml = '';
  if (bytes(abstract) > TALK_LIMITS.abstractBytes) errors.add('abstract', TALK_MESSAGES.abstractTooLong);
  else if (abstract) {
    const rendered = await renderBody(site.db, abstract, ABSTRACT_TOP_HEADING);
    for (const { line, message } of rendered.problems) errors.add('abstract', line ? `Line ${line}: ${message}` : message);
    abstractHtml = rendered.html;
  }
  if (errors.any || !type) return { problems: errors.fields };
  return {
    title,
    event,
    place,
    date,
    type,
    abstract,
    abstract_html: abstractHtml,
    slides_document_id: input.slides,
    video,
    publication_id: input.paper,
  };
}

export async function addTalk(site: Site, actor: Actor, input: TalkInput): Promise<Saved | Refused> {
  const read = await readTalk(site, input);
  if ('problems' in read) return read;
  // Followers hear of talks still to come; a past one added to the record is no news.
  const id = await createTalk(site.db, actor, read, { announced: read.date >= new Date().toISOString().slice(0, 10) });
  site.changes.publish('Talk');
  return { talk: (await findTalk(site.db, id))! };
}

/** Rewrites a talk; undefined when there is none. An edit that changes nothing writes nothing. */
export async function editTalk(site: Site, actor: Actor, id: number, input: TalkInput): Promise<Saved | Refused | undefined> {
  const row = await findTalk(site.db, id);
  if (!row) return undefined;
  const read = await readTalk(site, input);
  if ('problems' in read) return read;
  const change = Object.fromEntries(
    (Object.keys(read) as (keyof TalkFields)[]).filter((field) => read[field] !== row[field]).map((field) => [field, read[field]]),
  ) as Partial<TalkFields>;
  // The HTML follows from the abstract: a change of the renderer alone is no edit of the talk.
  if (change.abstract === undefined) delete change.abstract_html;
  if (Object.keys(change).length === 0) return { talk: row };
  if (!(await updateTalk(site.db, actor, id, change))) return undefined;
  site.changes.publish('Talk');
  return { talk: (await findTalk(site.db, id))! };
}

/** Deletes a talk; false when there was none. */
export async function removeTalk(site: Site, actor: Actor, id: number): Promise<boolean> {
  if (!(await deleteTalk(site.db, actor, id))) return false;
  site.changes.publish('Talk');
  return true;
}
