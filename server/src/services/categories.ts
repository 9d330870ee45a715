import type { FastifyInstance } from 'fastify';

import type { DocumentCategory } from '../../contract';
import type { AuditActor } from '../repositories/audit';
import { createCategory, deleteCategory, findCategory, updateCategory } from '../repositories/categories';
import { type NameTaken, unlessNameTaken } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'dialect' | 'changes'>;

interface CategoryText {
  name: string;
  description: string;
}

/** A new document category, or `nameTaken` when a concurrent write took the name first. */
export function addCategory(site: Site, actor: AuditActor, text: CategoryText): Promise<{ category: DocumentCategory } | NameTaken> {
  return unlessNameTaken(async () => {
    const category = await createCategory(site.db, actor, text);
    site.changes.publish('Category');
    return { category };
  });
}

/**
 * Renames and describes a category. Documents show their category's name, and a name decides which
 * category is the CV's (`CV`), so documents and the current CV are announced with every edit (the
 * name it started from may have changed under it).
 */
export function editCategory(
  site: Site,
  actor: AuditActor,
  id: number,
  text: CategoryText,
): Promise<{ category: DocumentCategory } | NameTaken | { refused: 'notFound' }> {
  return unlessNameTaken(async () => {
    if (!(await updateCategory(site.db, actor, id, text))) return { refused: 'notFound' as const };
    site.changes.publish('Category', 'Document', 'CurrentCv');
    const category = await findCategory(site.db, id);
    return category ? { category } : { refused: 'notFound' as const };
  });
}

/**
 * Why a category was not deleted: it is gone, it holds documents and no category was named to take
 * them, or the one named is gone.
 */
export type CategoryRemovalRefusal = { refused: 'notFound' } | { refused: 'holdsDocuments'; documents: number } | { refused: 'targetMissing' };

/**
 * Deletes a category. One holding documents is deleted only when `moveTo` names the category they
 * move to, in the same transaction; a moved current document stays current unless that category
 * already has one.
 */
export async function removeCategory(site: Site, actor: AuditActor, id: number, moveTo?: number): Promise<{ moved: number } | CategoryRemovalRefusal> {
  const outcome = await deleteCategory(site.db, site.dialect, actor, id, moveTo);
  if (!outcome) return { refused: 'notFound' };
  if ('holds' in outcome) return { refused: 'holdsDocuments', documents: outcome.holds };
  if ('targetMissing' in outcome) return { refused: 'targetMissing' };
  site.changes.publish('Category', ...(outcome.moved > 0 ? (['Document', 'CurrentCv'] as const) : []));
  return { moved: outcome.moved };
}
