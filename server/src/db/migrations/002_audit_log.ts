import type { Kysely } from 'kysely';

import { withId } from '../columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    // No foreign key: the trail outlives the accounts it mentions.
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
