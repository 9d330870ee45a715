import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { TeachingCourseSchema, TeachingInputSchema, TeachingMaterialParamsSchema } from '../../../contract/teaching';
import { MESSAGES } from '../../errors';
import { findMaterial, listTeaching, toTeachingCourse } from '../../repositories/teaching';
import { addTeaching, editTeaching, removeTeaching } from '../../services/teaching';
import { attachedDocumentRoute } from '../attachedDocument';
import { staffCollectionRoutes } from '../staffCollection';

/** Courses taught: listed for visitors on the Teaching page with their materials, written by staff. */
const teachingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffCollectionRoutes(app, '/api/teaching/', {
    schemas: { input: TeachingInputSchema, item: TeachingCourseSchema },
    // Materials show their documents' names, and a deleted document leaves the courses it was attached to.
    shows: ['Teaching', 'Document'],
    list: () => listTeaching(app.db),
    view: toTeachingCourse,
    service: { add: addTeaching, edit: editTeaching, remove: removeTeaching },
  });

  /** A course's material, public like the course it belongs to; other documents of the library stay private. */
  attachedDocumentRoute(
    app,
    '/api/teaching/:id/materials/:document/',
    { params: TeachingMaterialParamsSchema, missing: MESSAGES.notFound },
    ({ id, document }) => findMaterial(app.db, id, document),
  );
};

export default teachingRoutes;
