import type { FastifyInstance } from 'fastify';

import type { NoteNotebook } from '../../contract/notebooks';
import { RESERVED_SLUGS, SLUG_PATTERN, TAG_PATTERN, tidyTag } from '../../contract/noteRules';
import {
  NOTE_LIMITS,
  NOTE_MESSAGES,
  type NoteCover,
  type NoteInput,
  type NoteRevision,
  type NoteSummary,
  type Preview,
  type PublicNote,
  type StaffNote,
} from '../../contract/notes';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { NoteRevisionRow, NoteRow } from '../db/schema';
import { ErrorCollector } from '../errors';
import { noteOutline } from '../markdown/outline';
import { RENDERER_VERSION } from '../markdown/version';
import { type AuditActor, recordAudit } from '../repositories/audit';
import { announce } from '../repositories/followers';
import {
  deleteNoteRows,
  findNote,
  findRevision,
  insertNote,
  insertRevision,
  moveSlug,
  newestRevision,
  type NoteFields,
  oldSlugs,
  publishDue,
  replaceTags,
  slugTaken,
  splitTags,
  updateNote,
} from '../repositories/notes';
import { photosById, renderBody } from './markdownBodies';
import { changedFields, lineProblems, type Refused } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'changes' | 'work'>;
type Stale = { stale: true };

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The preview the editor shows: the same rendering visitors get, with the problems a save would refuse. */
export async function previewNote(site: Pick<Site, 'db' | 'work'>, body: string): Promise<Preview | Refused> {
  if (bytes(body) > NOTE_LIMITS.bodyBytes) return { problems: { body: [NOTE_MESSAGES.bodyTooLong] } };
  const rendered = await renderBody(site, body);
  return { html: rendered.html, problems: rendered.problems, reading_minutes: rendered.readingMinutes };
}

interface CheckedInput {
  fields: NoteFields;
  publish: NoteInput['publish'];
  publishAt: string | null;
}

/** The note's fields tidied, or a message for each field that is wrong (the body's by line). */
async function checkInput(db: Db, input: NoteInput, existing: NoteRow | undefined): Promise<CheckedInput | Refused> {
  const errors = new ErrorCollector();
  const title = input.title.trim();
  const slug = input.slug.trim();
  const summary = input.summary.trim();
  const tags = [...new Set(input.tags.map(tidyTag).filter(Boolean))];
  if (!title) errors.add('title', NOTE_MESSAGES.titleRequired);
  else if ([...title].length > NOTE_LIMITS.title) errors.add('title', NOTE_MESSAGES.titleTooLong);
  if (!slug) errors.add('slug', NOTE_MESSAGES.slugRequired);
  else if (slug.length > NOTE_LIMITS.slug) errors.add('slug', NOTE_MESSAGES.slugTooLong);
  else if (!SLUG_PATTERN.test(slug)) errors.add('slug', NOTE_MESSAGES.slug);
  else if ((RESERVED_SLUGS as readonly string[]).includes(slug)) errors.add('slug', NOTE_MESSAGES.slugReserved);
  else if (await slugTaken(db, slug, existing?.id)) errors.add('slug', NOTE_MESSAGES.slugTaken);
  if ([...summary].length > NOTE_LIMITS.summary) errors.add('summary', NOTE_MESSAGES.summaryTooLong);
  if (tags.length > NOTE_LIMITS.tags) errors.add('tags', NOTE_MESSAGES.tooManyTags);
  if (tags.some((tag) => tag.length > NOTE_LIMITS.tag || !TAG_PATTERN.test(tag))) errors.add('tags', NOTE_MESSAGES.tag);
  if (input.cover_image !== null && !(await photosById(db, [input.cover_image])).has(input.cover_image)) errors.add('cover_image', NOTE_MESSAGES.cover);
  if (bytes(input.body) > NOTE_LIMITS.bodyBytes) errors.add('body', NOTE_MESSAGES.bodyTooLong);
  else if (input.publish !== 'draft' && !input.body.trim()) errors.add('body', NOTE_MESSAGES.bodyRequired);
  let publishAt: string | null = null;
  if (input.publish === 'schedule') {
    const at = Date.parse(input.publish_at ?? '');
    if (!input.publish_at || Number.isNaN(at)) errors.add('publish_at', NOTE_MESSAGES.publishAt);
    else if (at <= Date.now()) errors.add('publish_at', NOTE_MESSAGES.publishAtPast);
    else publishAt = new Date(at).toISOString();
  }
  if (errors.any) return { problems: errors.fields };
  return { fields: { title, slug, summary, tags, cover_image_id: input.cover_image, body: input.body }, publish: input.publish, publishAt };
}

const FIELD_NAMES: Record<keyof NoteFields, string> = {
  title: 'Title',
  slug: 'Address',
  summary: 'Summary',
  tags: 'Tags',
  cover_image_id: 'Cover',
  body: 'Body',
};

/** The names of the fields an edit changes, as the revisions and the audit trail show them. */
const changedNames = (before: NoteFields | undefined, after: NoteFields): string[] =>
  before ? (Object.keys(changedFields(before, after)) as (keyof NoteFields)[]).map((field) => FIELD_NAMES[field]) : [];

const fieldsOf = (row: NoteRow): NoteFields => ({
  title: row.title,
  slug: row.slug,
  summary: row.summary,
  tags: splitTags(row.tags),
  cover_image_id: row.cover_image_id,
  body: row.body,
});

/**
 * Saves a note (a new one without `id`): renders it, checks the address, keeps a revision, and
 * publishes it now, at its time, or not at all. A published note's old address keeps working as a
 * redirect. A save over someone else's newer one is refused as stale. Undefined: no such note.
 */
export async function saveNote(site: Site, actor: AuditActor, id: number | undefined, input: NoteInput): Promise<StaffNote | Refused | Stale | undefined> {
  const existing = id === undefined ? undefined : await findNote(site.db, id);
  if (id !== undefined && !existing) return undefined;
  const checked = await checkInput(site.db, input, existing);
  if ('problems' in checked) return checked;
  const rendered = await renderBody(site, checked.fields.body);
  if (rendered.problems.length) return { problems: { body: lineProblems(rendered.problems) } };

  const at = nowIso();
  const { fields } = checked;
  const saved = await site.db.transaction().execute(async (trx): Promise<{ row: NoteRow } | Stale | undefined> => {
    if (existing && input.revision !== undefined && (await newestRevision(trx, existing.id)) !== input.revision) return { stale: true as const };
    const before = existing && fieldsOf(existing);
    const changed = changedNames(before, fields);
    const wasPublished = existing?.status === 'published';
    const status = checked.publish === 'now' ? 'published' : checked.publish === 'schedule' ? 'scheduled' : 'draft';
    const values = {
      ...fields,
      tags: fields.tags.join('\n'),
      html: rendered.html,
      reading_minutes: rendered.readingMinutes,
      rendered_version: RENDERER_VERSION,
      status,
      publish_at: checked.publishAt,
      published_at: status === 'published' ? (existing?.published_at ?? at) : (existing?.published_at ?? null),
      revised_at: wasPublished && status === 'published' && changed.some((name) => name !== 'Address') ? at : (existing?.revised_at ?? null),
    } as const;
    const row = existing ? await updateNote(trx, existing.id, values, at) : await insertNote(trx, values, at);
    if (!row) return undefined;
    // Followers hear of it a few minutes later, in the version the note has then.
    if (status === 'published' && !wasPublished) await announce(trx, 'note', [row.id], at);
    if (!existing || changed.includes('Tags')) await replaceTags(trx, row.id, fields.tags);
    // Once visitors may have the address, it keeps answering (with a redirect to the new one).
    if (existing && existing.slug !== fields.slug && existing.published_at) await moveSlug(trx, row.id, existing.slug, fields.slug);
    const publishing = existing !== undefined && (status !== existing.status || values.publish_at !== existing.publish_at);
    if (!existing || changed.length || publishing) {
      await insertRevision(trx, row.id, fields, at, actor.email, existing ? [...changed, ...(publishing ? ['Publishing'] : [])] : ['Created']);
      const what = existing ? (changed.length ? `Changed ${changed.join(', ')}.` : '') : 'Created.';
      await recordAudit(
        trx,
        actor,
        existing ? 'note.updated' : 'note.created',
        `note ${row.id} (${row.slug})`,
        `${what} Status ${status}${values.publish_at ? ` at ${values.publish_at}` : ''}.`.trim(),
      );
    }
    return { row };
  });
  if (!saved) return undefined;
  if ('stale' in saved) return saved;
  site.changes.publish('Note');
  return toStaffNote(site.db, saved.row);
}

export async function toStaffNote(db: Db, row: NoteRow): Promise<StaffNote> {
  const [revision, slugs] = await Promise.all([newestRevision(db, row.id), oldSlugs(db, row.id)]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    tags: splitTags(row.tags),
    cover_image: row.cover_image_id,
    body: row.body,
    status: row.status,
    publish_at: row.publish_at,
    published_at: row.published_at,
    updated_at: row.updated_at,
    revision: revision ?? 0,
    old_slugs: slugs,
  };
}

export const toRevision = (row: NoteRevisionRow): NoteRevision => ({
  id: row.id,
  saved_at: row.saved_at,
  saved_by: row.saved_by,
  changed: row.changed ? row.changed.split('\n') : [],
  title: row.title,
  body: row.body,
});

/** Saves an earlier revision's text again (as a new revision), keeping the note's status. */
export async function restoreRevision(
  site: Site,
  actor: AuditActor,
  id: number,
  revisionId: number,
  startedFrom: number,
): Promise<StaffNote | Refused | Stale | undefined> {
  const [note, revision] = await Promise.all([findNote(site.db, id), findRevision(site.db, id, revisionId)]);
  if (!note || !revision) return undefined;
  const publish = note.status === 'published' ? 'now' : note.status === 'scheduled' ? 'schedule' : 'draft';
  return saveNote(site, actor, id, {
    title: revision.title,
    slug: note.status === 'published' ? note.slug : revision.slug,
    summary: revision.summary,
    tags: splitTags(revision.tags),
    cover_image: revision.cover_image_id,
    body: revision.body,
    publish,
    publish_at: note.publish_at,
    revision: startedFrom,
  });
}

/** Deletes a note with its revisions and old addresses; false when there was none. */
export async function removeNote(site: Site, actor: AuditActor, id: number): Promise<boolean> {
  const deleted = await site.db.transaction().execute(async (trx) => {
    const row = await deleteNoteRows(trx, id);
    if (row) await recordAudit(trx, actor, 'note.deleted', `note ${row.id} (${row.slug})`, row.title);
    return row;
  });
  if (!deleted) return false;
  site.changes.publish('Note');
  return true;
}

/** Publishes the scheduled notes whose time has come; answers how many this instance published. */
export async function publishDueNotes(site: Site): Promise<number> {
  const at = nowIso();
  const ids = await site.db.transaction().execute(async (trx) => {
    const published = await publishDue(trx, at);
    await announce(trx, 'note', published, at);
    return published;
  });
  if (ids.length) site.changes.publish('Note');
  return ids.length;
}

/** A cover picture as visitors see it. */
export async function coversOf(db: Db, rows: NoteRow[]): Promise<Map<number, NoteCover>> {
  const ids = [...new Set(rows.map((row) => row.cover_image_id).filter((id): id is number => id !== null))];
  const photos = await photosById(db, ids);
  return new Map(
    [...photos].map(([id, photo]) => [id, { id, alt: photo.alt, src: photo.src, srcset: photo.srcset, width: photo.width, height: photo.height }]),
  );
}

export function toSummary(row: NoteRow, covers: Map<number, NoteCover>): NoteSummary {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    tags: splitTags(row.tags),
    published_at: row.published_at ?? row.updated_at,
    revised_at: row.revised_at,
    reading_minutes: row.reading_minutes,
    cover: (row.cover_image_id !== null && covers.get(row.cover_image_id)) || null,
  };
}

/** What a note's readers are told of the notebook it was made from (services/notebookNotes.ts). */
function notebookOf(row: NoteRow): NoteNotebook | null {
  if (!row.notebook_key) return null;
  return { url: `/api/notes/${row.slug}/notebook/`, kernel: row.notebook_kernel, last_run: row.notebook_run_at };
}

export function toPublicNote(row: NoteRow, covers: Map<number, NoteCover>, neighbours: { previous?: NoteRow; next?: NoteRow }): PublicNote {
  const link = (other?: NoteRow) => (other ? { slug: other.slug, title: other.title } : null);
  const notebook = notebookOf(row);
  return {
    ...toSummary(row, covers),
    html: row.html,
    outline: noteOutline(row.html),
    previous: link(neighbours.previous),
    next: link(neighbours.next),
    ...(notebook ? { notebook } : {}),
  };
}
