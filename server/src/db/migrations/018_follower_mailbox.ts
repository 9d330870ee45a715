import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

import { mailboxOf } from '../../lib/email';

/**
 * Followers are found and counted by mailbox (`ada+news@example.org` is `ada@example.org`), so that
 * spellings of one address are one recipient. The mail queue sends account mail first, then
 * confirmations asked for with an address alone, then follower mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('followers')
    .addColumn('mailbox', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('followers_mailbox').on('followers').column('mailbox').execute();
  await upgradeRows(db);
}

/** Fills in what rows written before this migration lack; a restore of an older backup runs it too. */
export async function upgradeRows(db: QueryExecutorProvider): Promise<void> {
  const followers = await sql<{ id: number; email: string }>`select id, email from followers where mailbox = ''`.execute(db);
  for (const { id, email } of followers.rows) await sql`update followers set mailbox = ${mailboxOf(email)} where id = ${id}`.execute(db);
  await sql`update mail_queue set priority = 2 where kind in ('announcement', 'digest')`.execute(db);
  await sql`update mail_queue set priority = 1 where kind = 'follow-confirm'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update mail_queue set priority = case when kind in ('announcement', 'digest') then 1 else 0 end`.execute(db);
  await db.schema.dropIndex('followers_mailbox').execute();
  await db.schema.alterTable('followers').dropColumn('mailbox').execute();
}
