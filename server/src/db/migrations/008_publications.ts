import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * Publications and working papers, one row per BibTeX citation key. The rendered HTML of the
 * title and abstract is stored beside the source so that listing them never runs the math renderer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('publications'))
    .addColumn('cite_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('entry_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_html', 'text', (c) => c.notNull())
    .addColumn('authors', 'text', (c) => c.notNull())
    .addColumn('venue', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer')
    .addColumn('doi', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('arxiv', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ssrn', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bibtex', 'text', (c) => c.notNull())
    .addColumn('is_working_paper', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publications').execute();
}
