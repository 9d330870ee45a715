import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { GallerySchema, IdParamsSchema, type Gallery } from '../../../contract';
import { DESCRIPTION_MAX, GALLERY_NAME_MAX, GalleryCreateSchema, GalleryUpdateSchema } from '../../../contract/media';
import type { Db } from '../../db';
import { nowIso } from '../../db/columns';
import type { GalleryRow } from '../../db/schema';
import { recordAudit } from '../../repositories/audit';
import { ErrorCollector, fieldError, MESSAGES, NoContent, errorResponses, isUniqueViolation } from './errors';
import { signedInUser } from '../../plugins/auth';

const DUPLICATE_NAME = 'A gallery with this name already exists.';

const toGallery = (row: GalleryRow): Gallery => ({ id: row.id, name: row.name, slug: row.slug, description: row.description });

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

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('galleries').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

// As a person sorts: "page-logos" among the Ps, "Gallery 2" before "Gallery 10", the same on every database.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Galleries: public list; staff create, rename and delete (their images become unassigned). */
const galleryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/photos/galleries/',
    { schema: { response: { 200: Type.Array(GallerySchema) } } },
    async () => (await app.db.selectFrom('galleries').selectAll().orderBy('id').execute()).map(toGallery).sort((a, b) => byName.compare(a.name, b.name)),
  );

  app.post(
    '/api/photos/galleries/',
    {
      onRequest: app.requireStaff,
      schema: { body: GalleryCreateSchema, response: { 201: GallerySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const errors = new ErrorCollector();
      const name = errors.text('name', request.body.name, { required: true, maxLength: GALLERY_NAME_MAX });
      const description = errors.text('description', request.body.description ?? '', { required: false, maxLength: DESCRIPTION_MAX });
      if (name !== undefined && (await nameTaken(app.db, name))) errors.add('name', DUPLICATE_NAME);
      if (errors.any || name === undefined || description === undefined) return reply.code(400).send(errors.fields);
      try {
        const row = await app.db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('galleries')
            .values({ name, slug: await freeSlug(trx, name), description, created_at: nowIso() })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(trx, signedInUser(request), 'gallery.created', `gallery ${created.id} "${created.name}"`, `slug ${created.slug}`);
          return created;
        });
        return reply.code(201).send(toGallery(row));
      } catch (error) {
        if (isUniqueViolation(error)) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
        throw error;
      }
    },
  );

  app.patch(
    '/api/photos/galleries/update/:id/',
    {
      onRequest: app.requireStaff,
      schema: { params: IdParamsSchema, body: GalleryUpdateSchema, response: { 200: GallerySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const existing = await app.db.selectFrom('galleries').selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing) return reply.code(404).send({ detail: MESSAGES.notFound });
      const errors = new ErrorCollector();
      const name =
        request.body.name === undefined
          ? existing.name
          : (errors.text('name', request.body.name, { required: true, maxLength: GALLERY_NAME_MAX }) ?? existing.name);
      const description = errors.text('description', request.body.description, { required: false, maxLength: DESCRIPTION_MAX });
      if (request.body.name !== undefined && (await nameTaken(app.db, name, id))) errors.add('name', DUPLICATE_NAME);
      if (errors.any) return reply.code(400).send(errors.fields);
      try {
        const row = await app.db.transaction().execute(async (trx) => {
          // The slug follows the name, so that renaming a gallery to page-logos puts it on the home page.
          const slug = name === existing.name ? existing.slug : await freeSlug(trx, name, id);
          const updated = await trx
            .updateTable('galleries')
            .set({ name, slug, description: description ?? existing.description })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          if (updated) await recordAudit(trx, signedInUser(request), 'gallery.updated', `gallery ${id} "${updated.name}"`, `slug ${updated.slug}`);
          return updated;
        });
        if (!row) return reply.code(404).send({ detail: MESSAGES.notFound });
        return toGallery(row);
      } catch (error) {
        if (isUniqueViolation(error)) return reply.code(400).send(fieldError('name', DUPLICATE_NAME));
        throw error;
      }
    },
  );

  app.delete(
    '/api/photos/galleries/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await app.db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('galleries').where('id', '=', id).returningAll().executeTakeFirst();
        if (row) await recordAudit(trx, signedInUser(request), 'gallery.deleted', `gallery ${id} "${row.name}"`);
        return row;
      });
      if (!deleted) return reply.code(404).send({ detail: MESSAGES.notFound });
      return reply.code(204).send(null);
    },
  );
};

export default galleryRoutes;
