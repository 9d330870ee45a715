import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { UserSchema } from '../../../contract';
import { RegisterRequestSchema } from '../../../contract/accounts';
import { nowIso } from '../../db/columns';
import { errorResponses, MESSAGES } from '../../errors';
import { cleanEmail, isValidEmail, normalizeEmail } from '../../lib/email';
import { authRateLimit } from '../../plugins/rateLimit';
import { findUserByEmail, insertUser, userView } from '../../repositories/users';
import { passwordProblems } from '../../services/passwordPolicy';
import { hashPassword } from '../../services/passwords';

export const REGISTER_MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  emailTaken: 'A user with that email already exists.',
  passwordMismatch: "Password fields didn't match.",
} as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/users/register/',
    { config: authRateLimit(app.config), schema: { body: RegisterRequestSchema, response: { 201: UserSchema, ...errorResponses } } },
    async (request, reply) => {
      const body = request.body;
      const email = cleanEmail(body.email);
      const firstName = body.first_name.trim();
      const lastName = body.last_name.trim();
      const errors: Record<string, string[]> = {};

      if (!isValidEmail(email)) errors.email = [REGISTER_MESSAGES.invalidEmail];
      else if (await findUserByEmail(app.db, email)) errors.email = [REGISTER_MESSAGES.emailTaken];
      if (!firstName) errors.first_name = [MESSAGES.blank];
      if (!lastName) errors.last_name = [MESSAGES.blank];
      if (body.password !== body.password2) {
        errors.password = [REGISTER_MESSAGES.passwordMismatch];
      } else {
        const problems = passwordProblems(body.password, { email, first_name: firstName, last_name: lastName });
        if (problems.length) errors.password = problems;
      }
      if (Object.keys(errors).length) return reply.code(400).send(errors);

      const values = {
        email,
        email_normalized: normalizeEmail(email),
        first_name: firstName,
        last_name: lastName,
        interest_notes: (body.interest_notes ?? '').trim(),
        date_joined: nowIso(),
        last_login: null,
        password: await hashPassword(body.password),
      };
      try {
        const user = await insertUser(app.db, values);
        return reply.code(201).send(userView(user));
      } catch (error) {
        // Two registrations racing for one address: the unique key lets one through.
        if (await findUserByEmail(app.db, email)) return reply.code(400).send({ email: [REGISTER_MESSAGES.emailTaken] });
        throw error;
      }
    },
  );
};

export default routes;
