import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * The site's words as saved states: the newest is what visitors see, and each earlier one stays so
 * that a change can be reverted. The body is the whole content as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('site_content_versions'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('saved_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('changed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('previous_id', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_content_versions').execute();
}
