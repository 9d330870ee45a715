import type { Kysely } from 'kysely';

/**
 * The notebook a note was made from: its stored file (offered to readers), the name it was uploaded
 * under, and the kernel and last run its metadata names. Null for notes written in the editor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notes').addColumn('notebook_key', 'text').execute();
  await db.schema.alterTable('notes').addColumn('notebook_name', 'text').execute();
  await db.schema.alterTable('notes').addColumn('notebook_kernel', 'text').execute();
  await db.schema.alterTable('notes').addColumn('notebook_run_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['notebook_run_at', 'notebook_kernel', 'notebook_name', 'notebook_key'])
    await db.schema.alterTable('notes').dropColumn(column).execute();
}
