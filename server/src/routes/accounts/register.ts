import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema } from '../../../contract';
import { RegisterRequestSchema } from '../../../contract/accounts';
import { ConfirmEmailRequestSchema, EMAIL_CONFIRM_MESSAGES, REGISTERED_MESSAGE } from '../../../contract/follow';
import { detail, errorResponses } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rateLimit';
import { confirmAccountEmail, registerAccount, resendConfirmation } from '../../services/registration';

/** Registration, and the confirmation of a new account's address. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/users/register/',
    { config: authRateLimit(app.config), schema: { body: RegisterRequestSchema, response: { 201: DetailSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await registerAccount(app, request.body);
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return reply.code(201).send(detail(REGISTERED_MESSAGE));
    },
  );

  app.post(
    '/api/users/confirm-email/',
    { config: authRateLimit(app.config), schema: { body: ConfirmEmailRequestSchema, response: { 200: DetailSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = await confirmAccountEmail(app, request.body.uidb64, request.body.token);
      if (!user) return reply.code(400).send(detail(EMAIL_CONFIRM_MESSAGES.invalid));
      return detail(EMAIL_CONFIRM_MESSAGES.confirmed);
    },
  );

  app.post(
    '/api/users/confirm-email/resend/',
    { onRequest: app.requireUser, config: authRateLimit(app.config), schema: { response: { 200: DetailSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await resendConfirmation(app, signedInUser(request));
      if (outcome === 'confirmed') return reply.code(400).send(detail(EMAIL_CONFIRM_MESSAGES.alreadyConfirmed));
      if (outcome !== 'sent') {
        return reply
          .code(429)
          .header('retry-after', String(outcome.retryAfter))
          .send(detail(EMAIL_CONFIRM_MESSAGES.tooMany(Math.ceil(outcome.retryAfter / 60))));
      }
      return detail(EMAIL_CONFIRM_MESSAGES.resent);
    },
  );
};

export default routes;
