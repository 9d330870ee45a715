import type { DocumentCategory } from '../../contract';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { DocumentCategoryRow, UserRow } from '../db/schema';
import { recordAudit } from './audit';
import { byName } from './order';

const toCategory = (row: DocumentCategoryRow): DocumentCategory => ({ id: row.id, name: row.name, description: row.description });

export async function listCategories(db: Db): Promise<DocumentCategory[]> {
  return (await db.selectFrom('document_categories').selectAll().orderBy('id').execute()).map(toCategory).sort((a, b) => byName.compare(a.name, b.name));
}

/** Names are unique regardless of case (`CV` marks the CV category). */
export async function categoryNameTaken(db: Db, name: string): Promise<boolean> {
  const taken = await db
    .selectFrom('document_categories')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return taken !== undefined;
}

/** A new category and its audit line, in one transaction. */
export function createCategory(
  db: Db,
  actor: Pick<UserRow, 'id' | 'email'>,
  { name, description }: { name: string; description: string },
): Promise<DocumentCategory> {
  return db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('document_categories').values({ name, description, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, 'category.created', `category ${created.id} "${created.name}"`);
    return toCategory(created);
  });
}
