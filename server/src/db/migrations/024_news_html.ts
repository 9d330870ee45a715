import type { Kysely } from 'kysely';

/**
 * News text is inline Markdown, stored beside the HTML rendered from it once per change, with the
 * renderer's version: rows from before start at 0 with no HTML and are rendered in the background.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('news_items')
    .addColumn('text_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('news_items')
    .addColumn('rendered_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('news_items').dropColumn('rendered_version').execute();
  await db.schema.alterTable('news_items').dropColumn('text_html').execute();
}
