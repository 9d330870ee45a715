import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CurrentContentSchema } from '../../../contract/content';
import { SetupInputSchema, SetupStatusSchema } from '../../../contract/setup';
import { SETUP_MESSAGES } from '../../../contract/setupRules';
import { detail, errorResponses } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { completeSetup, setupNeeded } from '../../services/ownerSetup';

const SETUP = '/api/setup/';

/** The owner's setup: staff ask whether it is still to be done, and do it once. */
const setupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(SETUP, { onRequest: app.requireStaff, schema: { response: { 200: SetupStatusSchema, ...errorResponses } } }, async () => ({
    needed: await setupNeeded(app),
  }));

  app.post(
    SETUP,
    { onRequest: app.requireStaff, schema: { body: SetupInputSchema, response: { 200: CurrentContentSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await completeSetup(app, signedInUser(request), request.body);
      if ('alreadyDone' in outcome) return reply.code(409).send(detail(SETUP_MESSAGES.done));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return outcome.current;
    },
  );
};

export default setupRoutes;
