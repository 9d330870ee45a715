import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DetailSchema, IdParamsSchema } from '../../../contract';
import { SessionSchema } from '../../../contract/accounts';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { listActiveSessions, revokeAllSessions, revokeSession } from '../../repositories/sessions';
import { currentFamily } from './common';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/users/sessions/',
    { onRequest: app.requireUser, schema: { response: { 200: Type.Array(SessionSchema), ...errorResponses } } },
    async (request) => {
      const family = await currentFamily(request, app.config.secrets.jwt);
      const sessions = await listActiveSessions(app.db, signedInUser(request).id);
      return sessions.map((s) => ({
        id: s.id,
        created_at: s.created_at,
        last_used_at: s.last_used_at,
        expires_at: s.expires_at,
        ip: s.ip,
        user_agent: s.user_agent,
        remember: s.remember === 1,
        current: s.family === family,
      }));
    },
  );

  app.delete(
    '/api/users/sessions/:id/',
    { onRequest: app.requireUser, schema: { params: IdParamsSchema, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      if (!(await revokeSession(app.db, signedInUser(request).id, request.params.id))) {
        return reply.code(404).send(detail(MESSAGES.notFound));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/sessions/revoke-all/',
    { onRequest: app.requireUser, schema: { response: { 200: DetailSchema, ...errorResponses } } },
    async (request) => {
      await revokeAllSessions(app.db, signedInUser(request).id);
      return { detail: 'Signed out everywhere.' };
    },
  );
};

export default routes;
