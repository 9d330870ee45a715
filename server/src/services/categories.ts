import type { FastifyInstance } from 'fastify';

import type { DocumentCategory } from '../../contract';
import { isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import { createCategory } from '../repositories/categories';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;

/** A new document category, or `nameTaken` when a concurrent write took the name first (the unique index refused it). */
export async function addCategory(
  site: Site,
  actor: Pick<UserRow, 'id' | 'email'>,
  text: { name: string; description: string },
): Promise<{ category: DocumentCategory } | { refused: 'nameTaken' }> {
  let category: DocumentCategory;
  try {
    category = await createCategory(site.db, actor, text);
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'nameTaken' };
    throw error;
  }
  site.changes.publish('Category');
  return { category };
}
