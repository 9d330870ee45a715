import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { ContentRestoreSchema, ContentSaveSchema, ContentVersionSchema, CurrentContentSchema } from '../../../contract/content';
import { tidyContent } from '../../../contract/contentRules';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { contentHistory, currentContent } from '../../repositories/siteContent';
import { restoreSiteContent, type SaveOutcome, saveSiteContent, siteContentProblems, STALE_CONTENT } from '../../services/siteContent';

const answer = (outcome: SaveOutcome) =>
  'stale' in outcome ? { status: 409 as const, body: detail(STALE_CONTENT) } : { status: 200 as const, body: outcome.current };

/** The site's words: read by every visitor (and by the server's page rendering), edited by staff. */
const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  app.changes.subscribe(['SiteContent'], () => cache.clear());

  app.get('/api/site-content/', { schema: { response: { 200: CurrentContentSchema, ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'content', async () => ({ status: 200, body: await currentContent(app.db) })),
  );

  app.put(
    '/api/site-content/',
    { onRequest: app.requireStaff, schema: { body: ContentSaveSchema, response: { 200: CurrentContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const content = tidyContent(request.body.content);
      const problems = await siteContentProblems(app.db, content);
      if (Object.keys(problems).length > 0) return reply.code(400).send(problems);
      const { status, body } = answer(await saveSiteContent(app, signedInUser(request), request.body.version, content));
      return reply.code(status).send(body);
    },
  );

  app.get(
    '/api/site-content/versions/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(ContentVersionSchema), ...errorResponses } } },
    async () => contentHistory(app.db),
  );

  app.post(
    '/api/site-content/versions/:id/restore/',
    {
      onRequest: app.requireStaff,
      schema: { params: IdParamsSchema, body: ContentRestoreSchema, response: { 200: CurrentContentSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const outcome = await restoreSiteContent(app, signedInUser(request), request.params.id, request.body.version);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      const { status, body } = answer(outcome);
      return reply.code(status).send(body);
    },
  );
};

export default contentRoutes;
