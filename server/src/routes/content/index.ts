import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { ContentRestoreSchema, ContentSaveSchema, ContentVersionSchema, CurrentContentSchema, type SiteContent } from '../../../contract/content';
import { contentProblems, tidyContent } from '../../../contract/contentRules';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { PublicAnswers } from '../../lib/publicAnswers';
import { signedInUser } from '../../plugins/auth';
import { contentHistory, contentVersion, currentContent, saveContent } from '../../repositories/siteContent';

export const STALE_CONTENT = 'The site content was changed by someone else since you opened it. Reload to see their changes, then make yours again.';

/** The site's words: read by every visitor (and by the server's page rendering), edited by staff. */
const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicAnswers = new PublicAnswers();
  app.changes.subscribe('content', () => publicAnswers.clear());

  app.get('/api/site-content/', { schema: { response: { 200: CurrentContentSchema, ...errorResponses } } }, async (_request, reply) =>
    publicAnswers.send(reply, 'content', async () => ({ status: 200, body: await currentContent(app.db) })),
  );

  const save = async (request: Parameters<typeof signedInUser>[0], startedFrom: number, content: SiteContent, action: string) => {
    const outcome = await saveContent(app.db, signedInUser(request), startedFrom, content, action);
    if ('stale' in outcome) return { status: 409 as const, body: detail(STALE_CONTENT) };
    if ('saved' in outcome) app.changes.publish('content');
    return { status: 200 as const, body: 'saved' in outcome ? outcome.saved : outcome.unchanged };
  };

  app.put(
    '/api/site-content/',
    { onRequest: app.requireStaff, schema: { body: ContentSaveSchema, response: { 200: CurrentContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const content = tidyContent(request.body.content);
      const problems = contentProblems(content);
      if (Object.keys(problems).length > 0) return reply.code(400).send(problems);
      const { status, body } = await save(request, request.body.version, content, 'site_content.updated');
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
      const content = await contentVersion(app.db, request.params.id);
      if (!content) return reply.code(404).send(detail(MESSAGES.notFound));
      const { status, body } = await save(request, request.body.version, content, 'site_content.restored');
      return reply.code(status).send(body);
    },
  );
};

export default contentRoutes;
