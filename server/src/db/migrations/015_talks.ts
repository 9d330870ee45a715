import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * Talks, listed by the date they are given (YYYY-MM-DD). The abstract's HTML is rendered once per save
 * and stored beside its Markdown. Slides and the related paper are optional links into the documents
 * library and the publications: deleting either leaves the talk without the link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('talks'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('slides_document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('video', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publication_id', 'integer', (c) => c.references('publications.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('talks_date_id').on('talks').columns(['date', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('talks').execute();
}
