import type { Gallery } from '../../contract';
import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { GalleryRow } from '../db/schema';
import { type AuditActor, deleteOneDetaching, recordAudit } from './audit';
import { byName } from './order';
import { nameTaken } from './uniqueNames';

export const toGallery = (row: GalleryRow): Gallery => ({ id: row.id, name: row.name, slug: row.slug, description: row.description });

/** `Page Logos!` → `page-logos`: lower-case ASCII letters and digits joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 100)
    .replace(/^-+|-+$/g, '');
  return slug || 'gallery';
}

/** The name's slug, or with `-2`, `-3`… when another gallery already has it. */
async function freeSlug(db: Db, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .selectFrom('galleries')
        .select(['id', 'slug'])
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    )
      .filter((row) => row.id !== exceptId)
      .map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export async function listGalleries(db: Db): Promise<Gallery[]> {
  return (await db.selectFrom('galleries').selectAll().orderBy('id').execute()).map(toGallery).sort((a, b) => byName.compare(a.name, b.name));
}

export function findGallery(db: Db, id: number): Promise<GalleryRow | undefined> {
  return db.selectFrom('galleries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** See nameTaken; `exceptId` is the gallery being renamed. */
export function galleryNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameTaken(db, 'galleries', name, exceptId);
}

/** A new gallery with a free slug, and its audit line, in one transaction. */
export function createGallery(db: Db, actor: AuditActor, { name, description }: { name: string; description: string }): Promise<GalleryRow> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('galleries')
      .values({ name, slug: await freeSlug(trx, name), description, created_at: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, 'gallery.created', `gallery ${created.id} "${created.name}"`, `slug ${created.slug}`);
    return created;
  });
}

/** Renames and describes a gallery; undefined when it is gone. */
export function updateGallery(
  db: Db,
  actor: AuditActor,
  existing: GalleryRow,
  { name, description }: { name: string; description: string },
): Promise<GalleryRow | undefined> {
  return db.transaction().execute(async (trx) => {
    // The slug follows the name, so that renaming a gallery to page-logos puts it on the home page.
    const slug = name === existing.name ? existing.slug : await freeSlug(trx, name, existing.id);
    const updated = await trx.updateTable('galleries').set({ name, slug, description }).where('id', '=', existing.id).returningAll().executeTakeFirst();
    if (updated) await recordAudit(trx, actor, 'gallery.updated', `gallery ${existing.id} "${updated.name}"`, `slug ${updated.slug}`);
    return updated;
  });
}

/** Deletes a gallery, its images (`detached` of them) becoming unassigned; undefined when there was none. */
export function deleteGallery(db: Db, actor: AuditActor, id: number) {
  return deleteOneDetaching(db, actor, 'galleries', id, (row) => ['gallery.deleted', `gallery ${id} "${row.name}"`]);
}
