import { type Kysely, sql } from 'kysely';

import { createLoginThrottles } from './003_sessions';

/**
 * Abuse counters kept in the database, so that several instances sharing one PostgreSQL count
 * together: sign-in attempts per account and address, per account, and reset mails per recipient.
 * The site's owner: the first staff account, the only one who manages staff rights.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('abuse_counters')
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(254)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addPrimaryKeyConstraint('abuse_counters_pk', ['scope', 'subject', 'address'])
    .execute();
  await db.schema.createIndex('abuse_counters_expires_at').on('abuse_counters').column('expires_at').execute();
  await db.schema.dropTable('login_throttles').execute();

  await db.schema
    .alterTable('users')
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_one_owner').unique().on('users').column('is_owner').where(sql.ref('is_owner'), '=', 1).execute();
  await sql`update users set is_owner = 1 where id = (select min(id) from users where is_staff = 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_one_owner').execute();
  await db.schema.alterTable('users').dropColumn('is_owner').execute();
  await createLoginThrottles(db);
  await db.schema.dropTable('abuse_counters').execute();
}
