import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { SignInSecuritySchema, SignInSecurityUpdateSchema } from '../../../contract/passkeys';
import { detail, errorResponses } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { setStaffPasskeysRequired, signInSecurity } from '../../services/signInPolicy';
import { adminPaths } from './paths';
import { requireJsonBooleans } from './validation';

export const OWNER_SIGN_IN_SECURITY = 'Only the site’s owner can change how staff sign in.';

/** How staff sign in: every staff member sees it, the owner alone changes it. */
const securityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(adminPaths.signInSecurity, { onRequest: app.requireStaff, schema: { response: { 200: SignInSecuritySchema, ...errorResponses } } }, async (request) =>
    signInSecurity(app.db, signedInUser(request)),
  );

  app.patch(
    adminPaths.signInSecurity,
    {
      onRequest: app.requireStaff,
      preValidation: requireJsonBooleans(['staff_passkeys_required']),
      schema: { body: SignInSecurityUpdateSchema, response: { 200: SignInSecuritySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      if (actor.is_owner !== 1) return reply.code(403).send(detail(OWNER_SIGN_IN_SECURITY));
      await setStaffPasskeysRequired(app.db, actor, request.body.staff_passkeys_required);
      return signInSecurity(app.db, actor);
    },
  );
};

export default securityRoutes;
