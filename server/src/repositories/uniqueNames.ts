import type { Db } from '../db';

/**
 * Whether a gallery or a category already has this name. Names are unique regardless of case (`CV`
 * marks the CV category); `exceptId` is the item being renamed, whose own name does not count.
 */
export async function nameTaken(db: Db, table: 'galleries' | 'document_categories', name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom(table)
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
