import type { Kysely } from 'kysely';

import { withId } from '../columns';

/**
 * Notes with their HTML (rendered once per save), tags (a row each, to list a tag's notes by page),
 * earlier addresses (which redirect to the note) and every saved revision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notes'))
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('reading_minutes', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('publish_at', 'varchar(32)')
    .addColumn('published_at', 'varchar(32)')
    .addColumn('revised_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notes_status_published').on('notes').columns(['status', 'published_at']).execute();

  await db.schema
    .createTable('note_tags')
    .addColumn('note_id', 'integer', (c) => c.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_tags_pk', ['note_id', 'tag'])
    .execute();
  await db.schema.createIndex('note_tags_tag').on('note_tags').columns(['tag', 'note_id']).execute();

  await db.schema
    .createTable('note_slugs')
    .addColumn('slug', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('note_id', 'integer', (c) => c.notNull().references('notes.id').onDelete('cascade'))
    .execute();

  await withId(db, db.schema.createTable('note_revisions'))
    .addColumn('note_id', 'integer', (c) => c.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'varchar(100)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('cover_image_id', 'integer')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('saved_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('changed', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('note_revisions_note').on('note_revisions').columns(['note_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['note_revisions', 'note_slugs', 'note_tags', 'notes']) await db.schema.dropTable(table).execute();
}
