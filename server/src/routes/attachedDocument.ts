import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';

import type { DocumentRow } from '../db/schema';
import { detail, errorResponses } from '../errors';
import { fileResponses, sendDocument } from './media/files';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * GET `url`: a document of the library that an item makes public by linking it (a paper's attached
 * file, a talk's slides, a course's material), as a counted download; 404 with `missing` while the
 * item links none.
 */
export function attachedDocumentRoute<Params extends TSchema>(
  app: App,
  url: string,
  { params, missing }: { params: Params; missing: string },
  find: (params: Static<Params>) => Promise<DocumentRow | undefined>,
): void {
  // Fastify's types cannot follow a generic schema to the params it validated.
  const paramsSchema: TSchema = params;
  app.get(url, { schema: { params: paramsSchema, response: { ...errorResponses, ...fileResponses } } }, async (request, reply) => {
    const document = await find(request.params as Static<Params>);
    if (!document) return reply.code(404).send(detail(missing));
    return sendDocument(request, reply, app, document, { cacheControl: 'no-cache', counted: true });
  });
}
