import type { Kysely } from 'kysely';

import { withId } from '../columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per sign-in: the refresh-token family that rotation keeps alive until its absolute expiry.
  await withId(db, db.schema.createTable('user_sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('user_sessions_user_id').on('user_sessions').column('user_id').execute();

  // Every refresh token issued, so that a second use of one is recognised as theft.
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('user_sessions.id').onDelete('cascade'))
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_id').on('refresh_tokens').column('session_id').execute();

  // One-time app tokens; only their SHA-256 is kept.
  await withId(db, db.schema.createTable('app_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('app_tokens_user_id').on('app_tokens').column('user_id').execute();

  await createLoginThrottles(db);
}

/** Failed sign-ins per email address, known or not, so that lockout says nothing about who has an account. */
export async function createLoginThrottles(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('email_normalized', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttles').execute();
  await db.schema.dropTable('app_tokens').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('user_sessions').execute();
}
