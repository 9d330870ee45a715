import { type Kysely, sql } from 'kysely';

import { withId } from '../columns';

/**
 * Following the research by email: who follows (an account, or an address alone once it confirmed),
 * what was published and is to be announced, and the mail waiting to be sent. Accounts confirm their
 * address; the accounts that exist already were made before confirming was asked, and count as confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'varchar(32)').execute();
  await sql`update users set email_confirmed_at = date_joined`.execute(db);

  await withId(db, db.schema.createTable('followers'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('papers', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notes', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('talks', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirm_token_hash', 'varchar(64)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('stopped_at', 'varchar(32)')
    .addColumn('unsubscribe_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('digest_since', 'varchar(32)')
    .addColumn('next_digest_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('followers_next_digest').on('followers').columns(['digest', 'next_digest_at']).execute();

  await withId(db, db.schema.createTable('follow_announcements'))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('released_at', 'varchar(32)')
    .addUniqueConstraint('follow_announcements_item', ['kind', 'item_id'])
    .execute();
  await db.schema.createIndex('follow_announcements_released').on('follow_announcements').columns(['released_at', 'created_at']).execute();

  await withId(db, db.schema.createTable('mail_queue'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('follower_id', 'integer', (c) => c.references('followers.id').onDelete('cascade'))
    .addColumn('announcements', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html_body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_queue_claimed').on('mail_queue').column('claimed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_queue', 'follow_announcements', 'followers']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
