import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { DetailSchema } from '../../../contract';
import {
  FOLLOW_MESSAGES,
  FollowChoicesInputSchema,
  FollowChoicesSchema,
  FollowConfirmRequestSchema,
  FollowRequestSchema,
  FollowStatusSchema,
  UnsubscribedSchema,
  UnsubscribeParamsSchema,
} from '../../../contract/follow';
import { paths } from '../../../contract/paths';
import { detail, errorResponses } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rateLimit';
import { confirmFollow, followChoices, followStatus, requestFollow, saveFollowChoices, unsubscribe } from '../../services/followers';

const FORM = 'application/x-www-form-urlencoded';
/** A form of one address, or RFC 8058's `List-Unsubscribe=One-Click`. */
const FORM_BODY_LIMIT = 4096;

/** Following the research by email: by address alone, or an account's choices; unsubscribing; what staff see. */
const followRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Plain HTML forms (the footer's, which works without a script) and mail providers' one-click POSTs,
  // for these routes only.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // RFC 8058 allows the one-click POST as multipart/form-data too; its one field is not needed.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => done(null, {}));

  app.post(
    '/api/follow/',
    {
      config: authRateLimit(app.config),
      schema: { body: FollowRequestSchema, response: { 202: DetailSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const fromForm = (request.headers['content-type'] ?? '').startsWith(FORM);
      const outcome = await requestFollow(app, request.body.email, request.ip);
      if ('retryAfter' in outcome) {
        const minutes = Math.ceil(outcome.retryAfter / 60);
        reply.header('retry-after', String(outcome.retryAfter));
        if (fromForm) return reply.redirect(`${paths.follow}?busy=${minutes}`, 303);
        return reply.code(429).send(detail(FOLLOW_MESSAGES.tooMany(minutes)));
      }
      // A plain form is answered with the page that says what happened.
      if (fromForm) return reply.redirect('problems' in outcome ? `${paths.follow}?invalid` : paths.followRequested, 303);
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return reply.code(202).send(detail(FOLLOW_MESSAGES.requested));
    },
  );

  app.post(
    '/api/follow/confirm/',
    { config: authRateLimit(app.config), schema: { body: FollowConfirmRequestSchema, response: { 200: DetailSchema, ...errorResponses } } },
    async (request, reply) => {
      const follower = await confirmFollow(app, request.body.token);
      if (!follower) return reply.code(400).send(detail(FOLLOW_MESSAGES.confirmInvalid));
      return detail(FOLLOW_MESSAGES.confirmed);
    },
  );

  // The unsubscribe link of every follower mail: the page at this address calls it, and so do mail
  // providers (RFC 8058 one-click), from their own servers, without a session. Not limited per client
  // address: one provider's servers send every reader's one-click, and the token cannot be guessed.
  app.post(
    '/unsubscribe/:token',
    {
      config: { allowCrossSite: true },
      schema: { params: UnsubscribeParamsSchema, response: { 200: UnsubscribedSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const stopped = await unsubscribe(app, request.params.token);
      if (!stopped) return reply.code(404).send(detail(FOLLOW_MESSAGES.unsubscribeInvalid));
      return stopped;
    },
  );

  app.get('/api/follow/choices/', { onRequest: app.requireUser, schema: { response: { 200: FollowChoicesSchema, ...errorResponses } } }, async (request) =>
    followChoices(app, signedInUser(request)),
  );

  app.put(
    '/api/follow/choices/',
    { onRequest: app.requireUser, schema: { body: FollowChoicesInputSchema, response: { 200: FollowChoicesSchema, ...errorResponses } } },
    async (request, reply) => {
      const saved = await saveFollowChoices(app, signedInUser(request), request.body);
      if (saved === 'unconfirmed') return reply.code(403).send(detail(FOLLOW_MESSAGES.emailUnconfirmed));
      return saved;
    },
  );

  app.get('/api/follow/status/', { onRequest: app.requireStaff, schema: { response: { 200: FollowStatusSchema, ...errorResponses } } }, async () =>
    followStatus(app),
  );
};

export default followRoutes;
