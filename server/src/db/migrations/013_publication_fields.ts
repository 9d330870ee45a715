import type { Kysely } from 'kysely';

/**
 * Every field of a publication's BibTeX entry with its @string macros expanded (JSON), which the
 * entry's source alone cannot give once the macros are gone: what its citations, topics and further
 * links are made from. Rows from before (or from an older backup) hold `{}` until imported again,
 * and are read from their source meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('publications')
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('fields').execute();
}
