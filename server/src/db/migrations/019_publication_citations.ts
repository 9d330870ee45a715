import type { Kysely } from 'kysely';

/**
 * A paper's citations (APA, Chicago, BibTeX, RIS as JSON), formatted when its entry changes rather
 * than on a visitor's request. Null until formatted: rows from before, from an older backup, and
 * entries just written are formatted in the background.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').addColumn('citations', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('citations').execute();
}
