import type { DocumentCategory } from '../../contract';
import type { Db, Dialect } from '../db';
import { nowIso } from '../db/columns';
import type { DocumentCategoryRow } from '../db/schema';
import { type AuditActor, recordAudit } from './audit';
import { byName } from './order';
import { nameTaken } from './uniqueNames';

const toCategory = (row: Pick<DocumentCategoryRow, 'id' | 'name' | 'description'>, documentCount: number): DocumentCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  document_count: documentCount,
});

function selectCategories(db: Db) {
  return db
    .selectFrom('document_categories')
    .leftJoin('documents', 'documents.category_id', 'document_categories.id')
    .select(['document_categories.id', 'document_categories.name', 'document_categories.description'])
    .select((eb) => eb.fn.count<number | string>('documents.id').as('document_count'))
    .groupBy(['document_categories.id', 'document_categories.name', 'document_categories.description']);
}

/** Every category with how many documents it holds, by name. */
export async function listCategories(db: Db): Promise<DocumentCategory[]> {
  const rows = await selectCategories(db).orderBy('document_categories.id').execute();
  return rows.map((row) => toCategory(row, Number(row.document_count))).sort((a, b) => byName.compare(a.name, b.name));
}

/** One category with how many documents it holds. */
export async function findCategory(db: Db, id: number): Promise<DocumentCategory | undefined> {
  const row = await selectCategories(db).where('document_categories.id', '=', id).executeTakeFirst();
  return row && toCategory(row, Number(row.document_count));
}

/** See nameTaken; `exceptId` is the category being renamed. */
export function categoryNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, 'document_categories', name, exceptId);
}

/** A new category and its audit line, in one transaction. */
export function createCategory(db: Db, actor: AuditActor, { name, description }: { name: string; description: string }): Promise<DocumentCategory> {
  return db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('document_categories').values({ name, description, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, 'category.created', `category ${created.id} "${created.name}"`);
    return toCategory(created, 0);
  });
}

/** Renames and describes a category, with its audit line; false when it is gone. */
export function updateCategory(db: Db, actor: AuditActor, id: number, { name, description }: { name: string; description: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('document_categories').select('name').where('id', '=', id).executeTakeFirst();
    if (!before) return false;
    await trx.updateTable('document_categories').set({ name, description }).where('id', '=', id).execute();
    await recordAudit(trx, actor, 'category.updated', `category ${id} "${name}"`, before.name === name ? '' : `renamed from "${before.name}"`);
    return true;
  });
}

/**
 * What deleting a category did: deleted it (moving `moved` documents to the other category), or
 * nothing because it holds documents and none was named to take them, or because that one is gone.
 * Undefined when the category itself is gone.
 */
export type CategoryDeletion = { deleted: DocumentCategoryRow; moved: number } | { holds: number } | { targetMissing: true } | undefined;

/**
 * Deletes a category, first moving its documents to `moveTo` when given. A moved document keeps its
 * current mark only if the category it joins has no current document, so that a category never has
 * two. On PostgreSQL both categories are locked first (in id order, so that two deletions moving
 * documents each into the other's category wait rather than deadlock): Mark Current and uploads into
 * them wait until the move is done.
 */
export function deleteCategory(db: Db, dialect: Dialect, actor: AuditActor, id: number, moveTo?: number): Promise<CategoryDeletion> {
  return db.transaction().execute(async (trx): Promise<CategoryDeletion> => {
    const ids = moveTo === undefined ? [id] : [id, moveTo].sort((a, b) => a - b);
    if (dialect === 'postgres') await trx.selectFrom('document_categories').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    const category = await trx.selectFrom('document_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!category) return undefined;
    const { count } = await trx
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    const held = Number(count);
    let target: Pick<DocumentCategoryRow, 'id' | 'name'> | undefined;
    if (held > 0) {
      if (moveTo === undefined) return { holds: held };
      target = await trx.selectFrom('document_categories').select(['id', 'name']).where('id', '=', moveTo).executeTakeFirst();
      if (!target) return { targetMissing: true };
      const targetHasCurrent = await trx.selectFrom('documents').select('id').where('category_id', '=', moveTo).where('is_current', '=', 1).executeTakeFirst();
      await trx
        .updateTable('documents')
        .set(targetHasCurrent ? { category_id: moveTo, is_current: 0 } : { category_id: moveTo })
        .where('category_id', '=', id)
        .execute();
    }
    await trx.deleteFrom('document_categories').where('id', '=', id).execute();
    const details = target ? `moved ${held} document${held === 1 ? '' : 's'} to category ${target.id} "${target.name}"` : '';
    await recordAudit(trx, actor, 'category.deleted', `category ${id} "${category.name}"`, details);
    return { deleted: category, moved: held };
  });
}
