import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { TokenPairSchema } from '../../../contract';
import { RefreshRequestSchema } from '../../../contract/accounts';
import { errorResponses } from '../../errors';
import { rotateRefreshToken } from '../../services/sessions';
import { clientInfo, TOKEN_NOT_VALID } from './common';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/token/refresh/', { schema: { body: RefreshRequestSchema, response: { 200: TokenPairSchema, ...errorResponses } } }, async (request, reply) => {
    const tokens = await rotateRefreshToken(app.db, app.config, request.body.refresh, clientInfo(request));
    if (!tokens) return reply.code(401).send({ detail: TOKEN_NOT_VALID });
    return tokens;
  });
};

export default routes;
