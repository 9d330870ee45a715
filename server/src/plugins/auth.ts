import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { UserRow } from '../db/schema';
import { detail, MESSAGES } from '../errors';
import { verifyToken } from '../lib/tokens';
import { findUserInLiveSession } from '../repositories/users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the requireUser / requireStaff checks. */
    user: UserRow | null;
    /** The id of the sign-in (user_sessions row) whose access token the request carries, set with `user`. */
    sessionId: number | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of every signed-in route, so that it runs before validation and strangers
     * learn nothing from it: 401 unless a valid access token of an active user is presented.
     */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook of every staff route: as requireUser, then 403 unless the user is staff. */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The user a requireUser/requireStaff check admitted; a route without one is a programming error. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('route is missing the requireUser or requireStaff check');
  return request.user;
}

/** The sign-in a requireUser/requireStaff check admitted the request under. */
export function signedInSession(request: FastifyRequest): number {
  if (request.sessionId === null) throw new Error('route is missing the requireUser or requireStaff check');
  return request.sessionId;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    async function userFromHeader(request: FastifyRequest): Promise<(UserRow & { session_id: number }) | null | 'invalid'> {
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) return 'invalid';
      const claims = await verifyToken(app.config.secrets.jwt, 'access', match[1]);
      if (!claims?.family) return 'invalid';
      // The token's sign-in must still be live: signing out, a password reset or an admin's
      // "sign out everywhere" ends its access tokens at once, not when they expire.
      const user = await findUserInLiveSession(app.db, claims.userId, claims.family);
      if (!user || user.is_active !== 1) return 'invalid';
      return user;
    }

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await userFromHeader(request);
      if (user === null) return reply.code(401).send(detail(MESSAGES.notAuthenticated));
      if (user === 'invalid') return reply.code(401).send(detail(MESSAGES.invalidToken));
      const { session_id: sessionId, ...row } = user;
      request.user = row;
      request.sessionId = sessionId;
    });

    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      if (reply.sent) return;
      if (request.user?.is_staff !== 1) {
        return reply.code(403).send(detail(MESSAGES.permissionDenied));
      }
    });
  },
  { name: 'auth' },
);
