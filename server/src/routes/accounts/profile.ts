import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DetailSchema, UserSchema } from '../../../contract';
import { ChangePasswordRequestSchema, DeleteAccountRequestSchema, ProfileUpdateSchema } from '../../../contract/accounts';
import { errorResponses, MESSAGES } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rateLimit';
import { revokeAllSessions } from '../../repositories/sessions';
import { deleteOwnAccount, setPasswordHash, updateProfile, userView } from '../../repositories/users';
import { clearLoginFailures } from '../../services/loginThrottle';
import { passwordProblems } from '../../services/passwordPolicy';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { currentFamily } from './common';

export const PROFILE_MESSAGES = {
  wrongOldPassword: 'Your old password was entered incorrectly. Please enter it again.',
  newPasswordMismatch: "The two password fields didn't match.",
  wrongPassword: 'Incorrect password.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
} as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/users/profile/', { onRequest: app.requireUser, schema: { response: { 200: UserSchema, ...errorResponses } } }, async (request) =>
    userView(signedInUser(request)),
  );

  app.patch(
    '/api/users/profile/',
    { onRequest: app.requireUser, schema: { body: ProfileUpdateSchema, response: { 200: UserSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const changes: { first_name?: string; last_name?: string; interest_notes?: string } = {};
      const errors: Record<string, string[]> = {};
      for (const field of ['first_name', 'last_name'] as const) {
        const value = request.body[field];
        if (value === undefined) continue;
        if (value.trim()) changes[field] = value.trim();
        else errors[field] = [MESSAGES.blank];
      }
      if (request.body.interest_notes !== undefined) changes.interest_notes = request.body.interest_notes.trim();
      if (Object.keys(errors).length) return reply.code(400).send(errors);
      if (!Object.keys(changes).length) return userView(user);
      return userView(await updateProfile(app.db, user.id, changes));
    },
  );

  app.delete(
    '/api/users/profile/',
    {
      onRequest: app.requireUser,
      config: authRateLimit(app.config),
      schema: { body: DeleteAccountRequestSchema, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!(await verifyPassword(user.password, request.body.password))) {
        return reply.code(400).send({ password: [PROFILE_MESSAGES.wrongPassword] });
      }
      await deleteOwnAccount(app.db, user.id);
      await clearLoginFailures(app.db, user.email_normalized);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/change-password/',
    {
      onRequest: app.requireUser,
      config: authRateLimit(app.config),
      schema: { body: ChangePasswordRequestSchema, response: { 200: DetailSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { old_password: oldPassword, new_password: newPassword, new_password2: newPassword2 } = request.body;
      if (!(await verifyPassword(user.password, oldPassword))) {
        return reply.code(400).send({ old_password: [PROFILE_MESSAGES.wrongOldPassword] });
      }
      if (newPassword !== newPassword2) return reply.code(400).send({ new_password2: [PROFILE_MESSAGES.newPasswordMismatch] });
      const problems = passwordProblems(newPassword, user);
      if (problems.length) return reply.code(400).send({ new_password: problems });

      await setPasswordHash(app.db, user.id, await hashPassword(newPassword));
      await revokeAllSessions(app.db, user.id, { exceptFamily: await currentFamily(request, app.config.secrets.jwt) });
      return { detail: PROFILE_MESSAGES.passwordChanged };
    },
  );
};

export default routes;
