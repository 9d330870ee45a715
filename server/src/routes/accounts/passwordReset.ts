import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema } from '../../../contract';
import { ForgotPasswordRequestSchema, ResetPasswordParamsSchema, ResetPasswordRequestSchema } from '../../../contract/accounts';
import type { UserRow } from '../../db/schema';
import { errorResponses } from '../../errors';
import { isValidEmail, normalizeEmail } from '../../lib/email';
import { authRateLimit } from '../../plugins/rateLimit';
import { countInWindow } from '../../repositories/abuseCounters';
import { revokeAllSessions } from '../../repositories/sessions';
import { findUserByEmail, findUserById, setPasswordHash } from '../../repositories/users';
import { clearLoginFailures } from '../../services/loginThrottle';
import { passwordProblems } from '../../services/passwordPolicy';
import { hashPassword } from '../../services/passwords';
import { resetPasswordEmail } from '../../services/resetEmail';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from '../../services/resetTokens';

/** Reset mails one address receives per hour at most, however many senders ask. */
export const RESET_MAILS_PER_HOUR = 3;

export const RESET_MESSAGES = {
  sent: 'If an account exists for this email, a password reset link has been sent to it.',
  invalidEmail: 'Enter a valid email address.',
  invalidLink: 'The reset link is invalid or has expired.',
  mismatch: "The two password fields didn't match.",
  done: 'Password has been reset with the new password.',
} as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/backend/forgotpasswordreset/',
    { config: authRateLimit(app.config), schema: { body: ForgotPasswordRequestSchema, response: { 200: DetailSchema, ...errorResponses } } },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!isValidEmail(email)) return reply.code(400).send({ email: [RESET_MESSAGES.invalidEmail] });
      // Counted for unknown addresses too, so that the answer's timing says nothing about accounts.
      const mailAllowed = await countInWindow(app.db, { scope: 'reset-mail', subject: normalizeEmail(email) }, RESET_MAILS_PER_HOUR, 3600);
      const user = await findUserByEmail(app.db, email);
      if (user && user.is_active === 1 && mailAllowed.allowed) {
        const link = `${app.config.frontendUrl}/reset-password/${encodeUid(user.id)}/${makeResetToken(app.config.secrets.reset, user)}`;
        // Sent after the answer, so that a known address answers as fast as an unknown one.
        app.mailer.sendInBackground(resetPasswordEmail(user, link, app.config.frontendUrl));
        if (app.mailer.outboxDir) request.log.info({ outbox: app.mailer.outboxDir }, `password reset link for ${user.email}: ${link}`);
      }
      return { detail: RESET_MESSAGES.sent };
    },
  );

  app.post(
    '/backend/password-reset-confirm/:uidb64/:token/',
    {
      config: authRateLimit(app.config),
      schema: {
        params: ResetPasswordParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 200: DetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = decodeUid(request.params.uidb64);
      const user: UserRow | undefined = id === undefined ? undefined : await findUserById(app.db, id);
      if (!user || user.is_active !== 1 || !checkResetToken(app.config.secrets.reset, user, request.params.token)) {
        return reply.code(400).send({ detail: RESET_MESSAGES.invalidLink });
      }
      const { new_password: password, new_password2: password2 } = request.body;
      if (password !== password2) return reply.code(400).send({ detail: RESET_MESSAGES.mismatch, new_password2: [RESET_MESSAGES.mismatch] });
      const problems = passwordProblems(password, user);
      if (problems.length) return reply.code(400).send({ detail: problems.join(' '), new_password: problems });

      // Conditional on the old hash, so that two submissions of one link cannot both succeed.
      const changed = await setPasswordHash(app.db, user.id, await hashPassword(password), user.password);
      if (!changed) return reply.code(400).send({ detail: RESET_MESSAGES.invalidLink });
      await revokeAllSessions(app.db, user.id);
      await clearLoginFailures(app.db, user.email_normalized);
      return { detail: RESET_MESSAGES.done };
    },
  );
};

export default routes;
