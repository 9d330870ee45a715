import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { TeachingCourseSchema, TeachingInputSchema, TeachingMaterialParamsSchema } from '../../../contract/teaching';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { findMaterial, listTeaching, toTeachingCourse } from '../../repositories/teaching';
import { addTeaching, editTeaching, removeTeaching } from '../../services/teaching';
import { fileResponses, sendDocument } from '../media/files';
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
  app.get(
    '/api/teaching/:id/materials/:document/',
    { schema: { params: TeachingMaterialParamsSchema, response: { ...errorResponses, ...fileResponses } } },
    async (request, reply) => {
      const document = await findMaterial(app.db, request.params.id, request.params.document);
      if (!document) return reply.code(404).send(detail(MESSAGES.notFound));
      return sendDocument(request, reply, app, document, { cacheControl: 'no-cache', counted: true });
    },
  );
};

export default teachingRoutes;
