import type { FastifyInstance } from 'fastify';

import type { GalleryRow } from '../db/schema';
import type { AuditActor } from '../repositories/audit';
import { createGallery, deleteGallery, updateGallery } from '../repositories/galleries';
import { type NameTaken, unlessNameTaken } from './staffEdits';

type Site = Pick<FastifyInstance, 'db' | 'changes'>;

type Saved = { gallery: GalleryRow };

interface GalleryText {
  name: string;
  description: string;
}

export function addGallery(site: Site, actor: AuditActor, text: GalleryText): Promise<Saved | NameTaken> {
  return unlessNameTaken(async (): Promise<Saved> => {
    const gallery = await createGallery(site.db, actor, text);
    site.changes.publish('Gallery');
    return { gallery };
  });
}

/** Renames and describes a gallery; images show its name and are listed by its slug, which follows the name. */
export function editGallery(site: Site, actor: AuditActor, existing: GalleryRow, text: GalleryText): Promise<Saved | NameTaken | { refused: 'notFound' }> {
  return unlessNameTaken(async (): Promise<Saved | { refused: 'notFound' }> => {
    const gallery = await updateGallery(site.db, actor, existing, text);
    if (!gallery) return { refused: 'notFound' };
    // `existing` was read before the write, so a concurrent rename could hide a change of name: images
    // (listed by the gallery's slug) are announced with every edit.
    site.changes.publish('Gallery', 'Image');
    return { gallery };
  });
}

/** Deletes a gallery, leaving its images unassigned; false when there was none. */
export async function removeGallery(site: Site, actor: AuditActor, id: number): Promise<boolean> {
  const deleted = await deleteGallery(site.db, actor, id);
  if (!deleted) return false;
  site.changes.publish('Gallery', ...(deleted.detached > 0 ? (['Image'] as const) : []));
  return true;
}
