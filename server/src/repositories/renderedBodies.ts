import { sql } from 'kysely';

import type { Db } from '../db';

/** The stored Markdown bodies: where each is kept, beside the HTML rendered from it. */
export const STORED_BODIES = {
  notes: { body: 'body', html: 'html' },
  talks: { body: 'abstract', html: 'abstract_html' },
  teaching_courses: { body: 'description', html: 'description_html' },
  news_items: { body: 'text', html: 'text_html' },
} as const;
export type BodyTable = keyof typeof STORED_BODIES;

/** Rows whose HTML an older renderer made, in order of id after `afterId`, a few at a time. */
export async function bodiesRenderedBefore(db: Db, table: BodyTable, version: number, afterId: number, limit: number) {
  const { rows } = await sql<{ id: number; body: string }>`SELECT id, ${sql.ref(STORED_BODIES[table].body)} AS body FROM ${sql.table(table)}
    WHERE rendered_version < ${version} AND id > ${afterId} ORDER BY id LIMIT ${limit}`.execute(db);
  return rows;
}

/** Rows whose body may show pictures of the photo library (it mentions `photo:`), in order of id. */
export async function bodiesMentioningPhotos(db: Db, table: BodyTable) {
  const body = sql.ref(STORED_BODIES[table].body);
  const { rows } = await sql<{ id: number; body: string }>`SELECT id, ${body} AS body FROM ${sql.table(table)}
    WHERE ${body} LIKE '%photo:%' ORDER BY id`.execute(db);
  return rows;
}

/** Marks the rows' HTML as made by no renderer: the background renders them again (see bodiesRenderedBefore). */
export async function markBodiesStale(db: Db, table: BodyTable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE ${sql.table(table)} SET rendered_version = 0 WHERE id IN (${sql.join(ids)})`.execute(db);
}

/**
 * Stores a body's new HTML (when there is some: a body the renderer now refuses keeps the HTML it was
 * accepted with) and the renderer's version, unless the body changed meanwhile (its save rendered it).
 */
export async function storeRenderedBody(
  db: Db,
  table: BodyTable,
  row: { id: number; body: string },
  rendered: { html: string; readingMinutes: number },
  version: number,
): Promise<void> {
  const { body, html } = STORED_BODIES[table];
  const sets = [sql`rendered_version = ${version}`];
  if (rendered.html) sets.push(sql`${sql.ref(html)} = ${rendered.html}`);
  if (rendered.html && table === 'notes') sets.push(sql`reading_minutes = ${rendered.readingMinutes}`);
  await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)} WHERE id = ${row.id} AND ${sql.ref(body)} = ${row.body}`.execute(db);
}
