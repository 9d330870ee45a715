import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * Courses taught, newest first by the day they started, with the description's HTML rendered once per
 * save, and their materials: documents of the library, in the order staff chose. Deleting a course or a
 * document removes its material rows, never the other side.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('teaching_courses'))
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('institution', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('role', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teaching_courses_start_id').on('teaching_courses').columns(['start_date', 'id']).execute();

  await db.schema
    .createTable('teaching_materials')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('teaching_courses.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('teaching_materials_pk', ['course_id', 'document_id'])
    .execute();
  // A document's deletion finds its rows without reading the whole table.
  await db.schema.createIndex('teaching_materials_document').on('teaching_materials').column('document_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('teaching_materials').execute();
  await db.schema.dropTable('teaching_courses').execute();
}
