import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { GallerySchema } from '../../../contract';
import { GALLERY_NAME_MAX, GalleryCreateSchema, GalleryUpdateSchema } from '../../../contract/media';
import { findGallery, galleryNameTaken, listGalleries, toGallery } from '../../repositories/galleries';
import { addGallery, editGallery, removeGallery } from '../../services/galleries';
import { staffDeleteRoute } from '../staffDelete';
import { namedItemCreateRoute, namedItemEditRoute, type UniqueName } from './namedItems';

const DUPLICATE_NAME = 'A gallery with this name already exists.';

/** Galleries: public list; staff create, rename and delete (their images become unassigned). */
const galleryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const uniqueName: UniqueName = { nameMax: GALLERY_NAME_MAX, taken: (name, exceptId) => galleryNameTaken(app.db, name, exceptId), duplicate: DUPLICATE_NAME };

  app.get('/api/photos/galleries/', { schema: { response: { 200: Type.Array(GallerySchema) } } }, async () => listGalleries(app.db));

  namedItemCreateRoute(app, '/api/photos/galleries/', { body: GalleryCreateSchema, item: GallerySchema, rule: uniqueName }, async (actor, values) => {
    const outcome = await addGallery(app, actor, values);
    return 'refused' in outcome ? outcome : toGallery(outcome.gallery);
  });

  const edits = { body: GalleryUpdateSchema, item: GallerySchema, rule: uniqueName, find: (id: number) => findGallery(app.db, id) };
  namedItemEditRoute(app, '/api/photos/galleries/update/:id/', edits, async (actor, existing, values) => {
    const outcome = await editGallery(app, actor, existing, values);
    return 'refused' in outcome ? outcome : toGallery(outcome.gallery);
  });

  staffDeleteRoute(app, '/api/photos/galleries/:id/', removeGallery);
};

export default galleryRoutes;
