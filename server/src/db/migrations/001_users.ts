import type { Kysely } from 'kysely';

import { withId } from '../columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // Lower-cased copy of email: the unique key, so that Ann@x.org and ann@x.org are one account.
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('interest_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('date_joined', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login', 'varchar(32)')
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
