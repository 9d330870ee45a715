import type { FastifyRequest } from 'fastify';

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
