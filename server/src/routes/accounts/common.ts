import type { FastifyReply, FastifyRequest } from 'fastify';

import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, type DeviceCookies } from '../../lib/deviceCookies';
import { verifyToken } from '../../lib/tokens';
import type { ClientInfo } from '../../repositories/sessions';

export const TOKEN_NOT_VALID = 'Token is invalid or expired';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/** The session family named by the request's access token (checked already by requireUser). */
export async function currentFamily(request: FastifyRequest, jwtSecret: string): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  return (await verifyToken(jwtSecret, 'access', match[1]))?.family;
}

/** The browser's verified device cookie for this account (see lib/deviceCookies.ts), if it has one. */
export const knownDevice = (request: FastifyRequest, devices: DeviceCookies, emailNormalized: string) =>
  devices.nonceFor(request.cookies[DEVICE_COOKIE], emailNormalized);

/** Gives the browser that just signed in a new device cookie for the account; only the sign-in calls receive it. */
export function rememberDevice(reply: FastifyReply, devices: DeviceCookies, emailNormalized: string): void {
  reply.setCookie(DEVICE_COOKIE, devices.issue(emailNormalized), {
    path: '/api/users/',
    httpOnly: true,
    secure: 'auto',
    sameSite: 'strict',
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}
