import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { LoginResponseSchema } from '../../../contract';
import { AppTokenResponseSchema, TokenLoginRequestSchema } from '../../../contract/accounts';
import { errorResponses } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rateLimit';
import { issueAppToken, redeemAppToken } from '../../repositories/appTokens';
import { markSignedIn, userView } from '../../repositories/users';
import { startSession } from '../../services/sessions';
import { clientInfo } from './common';

export const APP_TOKEN_INVALID = 'Invalid or expired app token.';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/users/app-token/',
    { onRequest: app.requireUser, config: authRateLimit(app.config), schema: { response: { 201: AppTokenResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { token, expiresIn } = await issueAppToken(app.db, signedInUser(request).id);
      return reply.code(201).send({ token, expires_in: expiresIn });
    },
  );

  app.post(
    '/login-with-token/',
    {
      preHandler: app.requireCsrfToken,
      config: authRateLimit(app.config),
      schema: { body: TokenLoginRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const userId = await redeemAppToken(app.db, request.body.token);
      const user = userId === undefined ? undefined : await markSignedIn(app.db, userId, { activeOnly: true });
      if (!user) return reply.code(401).send({ detail: APP_TOKEN_INVALID });
      const tokens = await startSession(app.db, app.config, user, { remember: false, client: clientInfo(request) });
      return { ...tokens, user: userView(user) };
    },
  );
};

export default routes;
