import type { StaffNoteSummary } from '../../contract/notes';
import type { Db } from '../db';
import type { NoteRevisionRow, NoteRow, NotesTable } from '../db/schema';

/** What a save writes of a note besides its times and status. */
export interface NoteFields {
  title: string;
  slug: string;
  summary: string;
  tags: string[];
  cover_image_id: number | null;
  body: string;
}

export type NoteWrite = Omit<NoteFields, 'tags'> & { tags: string } & Pick<NotesTable, 'html' | 'status' | 'publish_at' | 'published_at' | 'revised_at'> & {
    reading_minutes: number;
    /** The renderer's version the HTML was made with (markdown/version.ts). */
    rendered_version?: number;
  };

export const splitTags = (tags: string): string[] => (tags ? tags.split('\n') : []);
export const joinTags = (tags: string[]): string => tags.join('\n');

const published = (db: Db) => db.selectFrom('notes').where('status', '=', 'published');

/** A page of published notes, newest first; one tag's when `tag` is given. */
export async function listPublishedNotes(
  db: Db,
  { offset, limit, tag }: { offset: number; limit: number; tag?: string },
): Promise<{ rows: NoteRow[]; total: number }> {
  let query = published(db);
  if (tag !== undefined) query = query.where('id', 'in', db.selectFrom('note_tags').select('note_id').where('tag', '=', tag));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every tag of a published note with its count, the most used first. */
export async function publishedTagCounts(db: Db): Promise<{ tag: string; count: number }[]> {
  const rows = await db
    .selectFrom('note_tags')
    .innerJoin('notes', 'notes.id', 'note_tags.note_id')
    .where('notes.status', '=', 'published')
    .select(['note_tags.tag', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('note_tags.tag')
    .orderBy('count', 'desc')
    .orderBy('note_tags.tag')
    .execute();
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** Every published note, newest first (feeds and the sitemap). */
export function allPublishedNotes(db: Db, limit?: number): Promise<NoteRow[]> {
  let query = published(db).selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** A published note by its address or an earlier one. */
export async function findPublishedNote(db: Db, slug: string): Promise<NoteRow | undefined> {
  const own = await published(db).selectAll().where('slug', '=', slug).executeTakeFirst();
  if (own) return own;
  return published(db)
    .selectAll()
    .where('id', '=', (eb) => eb.selectFrom('note_slugs').select('note_id').where('slug', '=', slug))
    .executeTakeFirst();
}

/** The published notes just before and after this one. */
export async function neighbourNotes(db: Db, note: NoteRow): Promise<{ previous?: NoteRow; next?: NoteRow }> {
  const at = note.published_at ?? '';
  const [previous, next] = await Promise.all([
    published(db)
      .selectAll()
      .where((eb) => eb.or([eb('published_at', '<', at), eb.and([eb('published_at', '=', at), eb('id', '<', note.id)])]))
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    published(db)
      .selectAll()
      .where((eb) => eb.or([eb('published_at', '>', at), eb.and([eb('published_at', '=', at), eb('id', '>', note.id)])]))
      .orderBy('published_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { previous, next };
}

/** Every note, drafts and scheduled ones included, as the staff list shows it: the last updated first. */
export function listStaffNoteSummaries(db: Db): Promise<StaffNoteSummary[]> {
  return db
    .selectFrom('notes')
    .select(['id', 'title', 'slug', 'status', 'publish_at', 'published_at', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findNote(db: Db, id: number): Promise<NoteRow | undefined> {
  return db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function oldSlugs(db: Db, id: number): Promise<string[]> {
  const rows = await db.selectFrom('note_slugs').select('slug').where('note_id', '=', id).orderBy('slug').execute();
  return rows.map((row) => row.slug);
}

/** Whether a note other than `exceptId` has this address, now or as an earlier one. */
export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [own, old] = await Promise.all([
    db.selectFrom('notes').select('id').where('slug', '=', slug).executeTakeFirst(),
    db.selectFrom('note_slugs').select('note_id as id').where('slug', '=', slug).executeTakeFirst(),
  ]);
  return [own, old].some((row) => row !== undefined && row.id !== exceptId);
}

export async function insertNote(db: Db, values: NoteWrite, at: string): Promise<NoteRow> {
  return db
    .insertInto('notes')
    .values({ ...values, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNote(db: Db, id: number, values: NoteWrite, at: string): Promise<NoteRow | undefined> {
  return db
    .updateTable('notes')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function replaceTags(db: Db, id: number, tags: string[]): Promise<void> {
  await db.deleteFrom('note_tags').where('note_id', '=', id).execute();
  if (tags.length)
    await db
      .insertInto('note_tags')
      .values(tags.map((tag) => ({ note_id: id, tag })))
      .execute();
}

/** Keeps `slug` as an earlier address of the note; a note taking back one of its own earlier addresses drops it from the list. */
export async function moveSlug(db: Db, id: number, from: string, to: string): Promise<void> {
  await db.deleteFrom('note_slugs').where('slug', '=', to).where('note_id', '=', id).execute();
  await db.insertInto('note_slugs').values({ slug: from, note_id: id }).execute();
}

export async function deleteNoteRows(db: Db, id: number): Promise<NoteRow | undefined> {
  await db.deleteFrom('note_tags').where('note_id', '=', id).execute();
  await db.deleteFrom('note_slugs').where('note_id', '=', id).execute();
  await db.deleteFrom('note_revisions').where('note_id', '=', id).execute();
  return db.deleteFrom('notes').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function insertRevision(db: Db, id: number, fields: NoteFields, savedAt: string, savedBy: string, changed: string[]): Promise<number> {
  const row = await db
    .insertInto('note_revisions')
    .values({ note_id: id, ...fields, tags: joinTags(fields.tags), saved_at: savedAt, saved_by: savedBy, changed: changed.join('\n') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many revisions the history lists; older ones stay in the database. */
export const REVISIONS_LISTED = 50;

export function listRevisions(db: Db, id: number): Promise<NoteRevisionRow[]> {
  return db.selectFrom('note_revisions').selectAll().where('note_id', '=', id).orderBy('id', 'desc').limit(REVISIONS_LISTED).execute();
}

export function findRevision(db: Db, id: number, revision: number): Promise<NoteRevisionRow | undefined> {
  return db.selectFrom('note_revisions').selectAll().where('note_id', '=', id).where('id', '=', revision).executeTakeFirst();
}

export async function newestRevision(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('note_revisions').select('id').where('note_id', '=', id).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

/**
 * Publishes the scheduled notes whose time has come, answering their ids. One statement: with
 * several instances on one database, each note is published by exactly one of them.
 */
export async function publishDue(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('notes')
    .set((eb) => ({ status: 'published', published_at: eb.fn.coalesce('published_at', 'publish_at'), publish_at: null }))
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The time of the next scheduled publication, if any. */
export async function nextPublication(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('notes').select('publish_at').where('status', '=', 'scheduled').orderBy('publish_at').limit(1).executeTakeFirst();
  return row?.publish_at ?? undefined;
}

/** The photo library's pictures by id (for a note's pictures and cover). */
export function imagesByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('images')
    .select(['id', 'title', 'description', 'thumb_key', 'medium_key', 'large_key', 'width', 'height'])
    .where('id', 'in', ids)
    .execute();
}
