import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { TeachingCourseSchema, TeachingInputSchema, TeachingMaterialParamsSchema } from '../../../contract/teaching';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { findMaterial, listTeaching, toTeachingCourse } from '../../repositories/teaching';
import { addTeaching, editTeaching, removeTeaching } from '../../services/teaching';
import { fileResponses, sendDocument } from '../media/files';
import { staffDeleteRoute } from '../staffDelete';

/** Courses taught: listed for visitors on the Teaching page with their materials, written by staff. */
const teachingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  // Materials show their documents' names, and a deleted document leaves the courses it was attached to.
  app.changes.subscribe(['Teaching', 'Document'], () => cache.clear());

  app.get('/api/teaching/', { schema: { response: { 200: Type.Array(TeachingCourseSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'teaching', async () => ({ status: 200, body: (await listTeaching(app.db)).map(toTeachingCourse) })),
  );

  app.post(
    '/api/teaching/',
    { onRequest: app.requireStaff, schema: { body: TeachingInputSchema, response: { 201: TeachingCourseSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await addTeaching(app, signedInUser(request), request.body);
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return reply.code(201).send(toTeachingCourse(outcome.course));
    },
  );

  app.patch(
    '/api/teaching/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: TeachingInputSchema, response: { 200: TeachingCourseSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await editTeaching(app, signedInUser(request), request.params.id, request.body);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return toTeachingCourse(outcome.course);
    },
  );

  staffDeleteRoute(app, '/api/teaching/:id/', removeTeaching);

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
