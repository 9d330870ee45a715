import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CurrentContentSchema } from '../../../contract/content';
import { SetupInputSchema, SetupStatusSchema } from '../../../contract/setup';
import { SETUP_MESSAGES } from '../../../contract/setupRules';
import { detail, errorResponses } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { completeSetup, setupNeeded } from '../../services/ownerSetup';

const SETUP = '/api/setup/';

/** The owner's setup: staff ask whether it is still to be done, and the owner alone does it, once. */
const setupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(SETUP, { onRequest: app.requireStaff, schema: { response: { 200: SetupStatusSchema, ...errorResponses } } }, async (request) => ({
    needed: await setupNeeded(app),
    allowed: signedInUser(request).is_owner === 1,
  }));

  app.post(
    SETUP,
    { onRequest: app.requireStaff, schema: { body: SetupInputSchema, response: { 200: CurrentContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const actor = signedInUser(request);
      // The setup says who the site's owner is: the owner alone makes it.
      if (actor.is_owner !== 1) return reply.code(403).send(detail(SETUP_MESSAGES.ownerOnly));
      const outcome = await completeSetup(app, actor, request.body);
      if ('alreadyDone' in outcome) return reply.code(409).send(detail(SETUP_MESSAGES.done));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return outcome.current;
    },
  );
};

export default setupRoutes;
