import type { FastifyReply, FastifyRequest } from 'fastify';

import { fieldError, MESSAGES } from '../../errors';

/**
 * Fastify's Ajv coerces null, 0 and "" to false, which would let a careless `null` deactivate an
 * account. Runs before schema validation and lets only real JSON booleans through.
 */
export function requireJsonBooleans(fields: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== 'boolean') {
        return reply.code(400).send(fieldError(field, MESSAGES.boolean));
      }
    }
  };
}
