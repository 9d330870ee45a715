import type { Kysely } from 'kysely';

/**
 * Whether staff chose the paper for the home page (1) or not (0). Rows from before, and from an
 * older backup, are not selected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('publications')
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('selected').execute();
}
