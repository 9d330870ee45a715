import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema, LoginResponseSchema } from '../../../contract';
import {
  AuthenticationOptionsSchema,
  PasskeyCreateSchema,
  PasskeySchema,
  PasskeySignInSchema,
  PasskeyUpdateSchema,
  RecoveryCodesSchema,
  RecoveryCodesStatusSchema,
  RegistrationOptionsSchema,
} from '../../../contract/passkeys';
import { detail, errorResponses, fieldError, MESSAGES, NoContent } from '../../errors';
import { DeviceCookies } from '../../lib/deviceCookies';
import { signedInUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rateLimit';
import { listPasskeys, passkeyView, renamePasskey } from '../../repositories/passkeys';
import { countUnusedRecoveryCodes } from '../../repositories/recoveryCodes';
import { userView } from '../../repositories/users';
import {
  addPasskey,
  authenticationOptions,
  type PasskeyRefusal,
  registrationOptions,
  relyingParty,
  removePasskey,
  type SignInRefusal,
  signInWithPasskey,
} from '../../services/passkeys';
import { issueRecoveryCodes } from '../../services/recoveryCodes';
import { startSession } from '../../services/sessions';
import { clientInfo, rememberDevice } from './common';
import { LOGIN_FAILED } from './login';

export const PASSKEY_MESSAGES = {
  expired: 'The passkey request expired. Please try again.',
  notVerified: 'The passkey could not be verified. Please try again.',
  duplicate: 'This passkey is already registered.',
  unknown: 'This passkey is not registered on this site. Sign in with your password, then add it again on your profile.',
  signInFailed: 'Signing in with this passkey failed. Please try again.',
  lastRequired: 'Staff must sign in with a passkey: add another passkey before removing your last one.',
} as const;

const registrationRefusals: Record<PasskeyRefusal, { status: 400 | 409; message: string }> = {
  challenge: { status: 400, message: PASSKEY_MESSAGES.expired },
  unverified: { status: 400, message: PASSKEY_MESSAGES.notVerified },
  duplicate: { status: 409, message: PASSKEY_MESSAGES.duplicate },
};

const signInRefusals: Record<SignInRefusal, { status: 400 | 401; message: string }> = {
  challenge: { status: 400, message: PASSKEY_MESSAGES.expired },
  unknown: { status: 401, message: PASSKEY_MESSAGES.unknown },
  unverified: { status: 401, message: PASSKEY_MESSAGES.signInFailed },
  // As for a password: nothing said of the account.
  inactive: { status: 401, message: LOGIN_FAILED },
};

/** Passkeys: the profile's list (add, rename, remove), the sign-in with one, and recovery codes. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const rp = relyingParty(app.config.publicUrl);
  const devices = new DeviceCookies(app.config.secrets.jwt);
  const signedInOnly = { onRequest: app.requireUser };

  app.get('/api/users/passkeys/', { ...signedInOnly, schema: { response: { 200: Type.Array(PasskeySchema), ...errorResponses } } }, async (request) =>
    (await listPasskeys(app.db, signedInUser(request).id)).map(passkeyView),
  );

  app.post(
    '/api/users/passkeys/registration/',
    { ...signedInOnly, schema: { response: { 200: RegistrationOptionsSchema, ...errorResponses } } },
    async (request) => registrationOptions(app.db, rp, signedInUser(request)),
  );

  app.post(
    '/api/users/passkeys/',
    { ...signedInOnly, schema: { body: PasskeyCreateSchema, response: { 201: PasskeySchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await addPasskey(app.db, rp, signedInUser(request), request.body.credential, request.body.name ?? '');
      if ('refused' in outcome) {
        const refusal = registrationRefusals[outcome.refused];
        return reply.code(refusal.status).send(detail(refusal.message));
      }
      return reply.code(201).send(passkeyView(outcome.passkey));
    },
  );

  app.patch(
    '/api/users/passkeys/:id/',
    { ...signedInOnly, schema: { params: IdParamsSchema, body: PasskeyUpdateSchema, response: { 200: PasskeySchema, ...errorResponses } } },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) return reply.code(400).send(fieldError('name', MESSAGES.blank));
      const renamed = await renamePasskey(app.db, signedInUser(request).id, request.params.id, name);
      if (!renamed) return reply.code(404).send(detail(MESSAGES.notFound));
      return passkeyView(renamed);
    },
  );

  app.delete(
    '/api/users/passkeys/:id/',
    { ...signedInOnly, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await removePasskey(app.db, signedInUser(request), request.params.id);
      if (outcome === 'notFound') return reply.code(404).send(detail(MESSAGES.notFound));
      if (outcome === 'lastRequired') return reply.code(409).send(detail(PASSKEY_MESSAGES.lastRequired));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/passkeys/sign-in/options/',
    { config: authRateLimit(app.config), schema: { response: { 200: AuthenticationOptionsSchema, ...errorResponses } } },
    async () => authenticationOptions(app.db, rp),
  );

  // A passkey answers for itself: no password is guessed here, so no sign-in lock applies.
  app.post(
    '/api/users/passkeys/sign-in/',
    { config: authRateLimit(app.config), schema: { body: PasskeySignInSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await signInWithPasskey(app.db, rp, request.body.credential);
      if ('refused' in outcome) {
        const refusal = signInRefusals[outcome.refused];
        return reply.code(refusal.status).send(detail(refusal.message));
      }
      const { user } = outcome;
      const tokens = await startSession(app.db, app.config, user, { remember: request.body.remember === true, client: clientInfo(request) });
      rememberDevice(reply, devices, user.email_normalized);
      return { ...tokens, user: userView(user) };
    },
  );

  app.get('/api/users/recovery-codes/', { ...signedInOnly, schema: { response: { 200: RecoveryCodesStatusSchema, ...errorResponses } } }, async (request) => ({
    remaining: await countUnusedRecoveryCodes(app.db, signedInUser(request).id),
  }));

  app.post(
    '/api/users/recovery-codes/',
    { ...signedInOnly, config: authRateLimit(app.config), schema: { response: { 201: RecoveryCodesSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send({ codes: await issueRecoveryCodes(app.db, signedInUser(request).id) }),
  );
};

export default routes;
