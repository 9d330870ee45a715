import type { Kysely } from 'kysely';

import { withId } from '../columns';

/** Short news items for the home page, listed by the date they name (YYYY-MM-DD), newest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('news_items'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_items_date_id').on('news_items').columns(['date', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news_items').execute();
}
