import type { Kysely } from 'kysely';

/** The tables whose Markdown is stored rendered. */
const TABLES = ['notes', 'talks', 'teaching_courses'];

/**
 * The version of the Markdown renderer (markdown/render.ts, RENDERER_VERSION) a row's HTML was made
 * with: rows made by an older one are rendered again in the background. Rows from before start at 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('rendered_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('rendered_version').execute();
}
