import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema, LoginResponseSchema } from '../../../contract';
import { LoginRequestSchema, LogoutRequestSchema } from '../../../contract/accounts';
import { SignInRefusalSchema } from '../../../contract/passkeys';
import { PASSKEY_REQUIRED } from '../../../contract/signInRules';
import { errorResponses } from '../../errors';
import { DeviceCookies } from '../../lib/deviceCookies';
import { normalizeEmail } from '../../lib/email';
import { authRateLimit } from '../../plugins/rateLimit';
import { findUserByEmail, markSignedIn, userView } from '../../repositories/users';
import { beginLoginAttempt, loginSucceeded } from '../../services/loginThrottle';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from '../../services/passwords';
import { endSessionOfRefreshToken, startSession } from '../../services/sessions';
import { passwordSignIn } from '../../services/signInPolicy';
import { clientInfo, knownDevice, rememberDevice, TOKEN_NOT_VALID } from './common';

/** One text for an unknown email, a wrong password and an inactive account. */
export const LOGIN_FAILED = 'No active account found with the given credentials';

/** A staff member with a passkey, where the owner requires passkeys of staff, signing in with the password alone. */
export const PASSKEY_REQUIRED_MESSAGE =
  'Staff sign in with a passkey on this site: choose “Sign in with a passkey”. If you have lost your passkeys, enter one of your recovery codes with your password.';
export const BAD_RECOVERY_CODE = 'That recovery code is not valid or has already been used.';

export function lockedMessage(seconds: number): string {
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const devices = new DeviceCookies(app.config.secrets.jwt);

  app.post(
    '/api/users/login/',
    {
      config: authRateLimit(app.config),
      schema: { body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses, 401: SignInRefusalSchema, 403: SignInRefusalSchema } },
    },
    async (request, reply) => {
      const { email, password, remember, recovery_code: recoveryCode } = request.body;
      const key = normalizeEmail(email);
      const attempt = await beginLoginAttempt(app.db, key, request.ip, knownDevice(request, devices, key));
      if (!attempt.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(attempt.retryAfter))
          .send({ detail: lockedMessage(attempt.retryAfter) });
      }

      const user = await findUserByEmail(app.db, key);
      const passwordOk = user ? await verifyPassword(user.password, password) : await verifyAgainstDecoy(password);
      if (!user || !passwordOk || user.is_active !== 1) return reply.code(401).send({ detail: LOGIN_FAILED });
      // Said only to someone who knows the password; the attempt stays counted.
      const allowed = await passwordSignIn(app.db, user, recoveryCode);
      if (allowed === 'passkeyRequired') return reply.code(403).send({ detail: PASSKEY_REQUIRED_MESSAGE, code: PASSKEY_REQUIRED });
      if (allowed === 'badRecoveryCode') return reply.code(401).send({ detail: BAD_RECOVERY_CODE, code: PASSKEY_REQUIRED });
      await loginSucceeded(app.db, key, request.ip, attempt);

      const rehashedPassword = needsRehash(user.password) ? await hashPassword(password) : undefined;
      const signedIn = await markSignedIn(app.db, user.id, { rehashedPassword });
      if (!signedIn) return reply.code(401).send({ detail: LOGIN_FAILED });
      const tokens = await startSession(app.db, app.config, signedIn, { remember: remember === true, client: clientInfo(request) });
      rememberDevice(reply, devices, key);
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
