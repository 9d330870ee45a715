import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

import { htmlToPlainText } from '../../publications/plainText';

/**
 * A title's plain text (its formulas as readable characters) stored beside its HTML when the entry is
 * written, rather than read out of the HTML on every list: for 500 titles with formulas that took a
 * third of a second of the event loop each time the list was drawn anew.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('publications')
    .addColumn('title_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await upgradeRows(db);
}

/** Gives every title its plain text; a restore of an older backup runs it too. */
export async function upgradeRows(db: QueryExecutorProvider): Promise<void> {
  const rows = await sql<{ id: number; title_html: string }>`select id, title_html from publications`.execute(db);
  for (const row of rows.rows) await sql`update publications set title_text = ${htmlToPlainText(row.title_html)} where id = ${row.id}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('title_text').execute();
}
