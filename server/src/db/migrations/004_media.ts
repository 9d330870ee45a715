import { type Kysely, sql } from 'kysely';

import { withId } from '../columns';

/**
 * Galleries and their images, document categories and documents. Files live in the storage
 * (random keys); rows hold the keys. Names of galleries and categories are unique regardless
 * of case, so that `CV` and `cv` cannot both exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('galleries'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('galleries_name_ci')
    .unique()
    .on('galleries')
    .expression(sql`lower(name)`)
    .execute();

  await withId(db, db.schema.createTable('images'))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Deleting a gallery leaves its images unassigned.
    .addColumn('gallery_id', 'integer', (c) => c.references('galleries.id').onDelete('set null'))
    .addColumn('original_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('thumb_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('banner_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('large_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_gallery_id').on('images').column('gallery_id').execute();

  await withId(db, db.schema.createTable('document_categories'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_categories_name_ci')
    .unique()
    .on('document_categories')
    .expression(sql`lower(name)`)
    .execute();

  await withId(db, db.schema.createTable('documents'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // A category still holding documents cannot be deleted: its documents are moved or deleted first.
    .addColumn('category_id', 'integer', (c) => c.references('document_categories.id').onDelete('restrict'))
    .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('original_filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('documents_is_current_flag', sql`is_current in (0, 1)`)
    .addCheckConstraint('documents_current_has_category', sql`is_current = 0 or category_id is not null`)
    .execute();
  await db.schema.createIndex('documents_category_id').on('documents').column('category_id').execute();
  // The database itself guarantees at most one current document per category.
  await db.schema
    .createIndex('documents_one_current_per_category')
    .unique()
    .on('documents')
    .column('category_id')
    .where(sql.ref('is_current'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('document_categories').execute();
  await db.schema.dropTable('images').execute();
  await db.schema.dropTable('galleries').execute();
}
