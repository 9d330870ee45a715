import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema, LoginResponseSchema } from '../../../contract';
import { LoginRequestSchema, LogoutRequestSchema } from '../../../contract/accounts';
import { errorResponses } from '../../errors';
import { normalizeEmail } from '../../lib/email';
import { authRateLimit } from '../../plugins/rateLimit';
import { findUserByEmail, markSignedIn, userView } from '../../repositories/users';
import { beginLoginAttempt, loginSucceeded } from '../../services/loginThrottle';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from '../../services/passwords';
import { endSessionOfRefreshToken, startSession } from '../../services/sessions';
import { clientInfo, TOKEN_NOT_VALID } from './common';

/** One text for an unknown email, a wrong password and an inactive account. */
export const LOGIN_FAILED = 'No active account found with the given credentials';

export function lockedMessage(seconds: number): string {
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/users/login/',
    { config: authRateLimit(app.config), schema: { body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const key = normalizeEmail(email);
      const attempt = await beginLoginAttempt(app.db, key, request.ip);
      if (!attempt.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(attempt.retryAfter))
          .send({ detail: lockedMessage(attempt.retryAfter) });
      }

      const user = await findUserByEmail(app.db, key);
      const passwordOk = user ? await verifyPassword(user.password, password) : await verifyAgainstDecoy(password);
      if (!user || !passwordOk || user.is_active !== 1) return reply.code(401).send({ detail: LOGIN_FAILED });
      await loginSucceeded(app.db, key, request.ip);

      const rehashedPassword = needsRehash(user.password) ? await hashPassword(password) : undefined;
      const signedIn = await markSignedIn(app.db, user.id, { rehashedPassword });
      if (!signedIn) return reply.code(401).send({ detail: LOGIN_FAILED });
      const tokens = await startSession(app.db, app.config, signedIn, { remember: remember === true, client: clientInfo(request) });
      return { ...tokens, user: userView(signedIn) };
    },
  );

  app.post('/api/users/logout/', { schema: { body: LogoutRequestSchema, response: { 200: DetailSchema, ...errorResponses } } }, async (request, reply) => {
    if (!(await endSessionOfRefreshToken(app.db, app.config, request.body.refresh))) {
      return reply.code(401).send({ detail: TOKEN_NOT_VALID });
    }
    return { detail: 'Successfully logged out.' };
  });
};

export default routes;
