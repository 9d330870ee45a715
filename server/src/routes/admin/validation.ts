import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One readable sentence for a schema failure, naming the field, e.g. `Invalid page_size: must be <= 100.` */
export function validationDetail(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const first = errors[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field || (context === 'body' ? 'request body' : context ?? 'request');
  return `Invalid ${where}: ${first?.message ?? 'malformed value'}.`;
}

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
        return reply.code(400).send({ detail: `Invalid ${field}: must be boolean.` });
      }
    }
  };
}
