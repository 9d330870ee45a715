import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * Passkeys (WebAuthn credentials) with the one-time challenges of their ceremonies, one-time
 * recovery codes (only their SHA-256 kept), and the site's settings, the first being whether
 * staff must sign in with a passkey.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Base64url; the standard allows ids of up to 1023 bytes.
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's signature counter is an unsigned 32-bit number.
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_handle', 'varchar(64)', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_handle', 'varchar(64)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_expires_at').on('webauthn_challenges').column('expires_at').execute();

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['site_settings', 'recovery_codes', 'webauthn_challenges', 'passkeys']) await db.schema.dropTable(table).execute();
}
