import fp from 'fastify-plugin';

import { detail, MESSAGES } from '../errors';

/** An id in a path as the site writes it: decimal digits, no sign, no leading zero. */
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * Ids in paths are decimal only. The schemas' coercion reads a path's `{id}` as JavaScript reads a
 * number, so `0x5`, `5e0`, ` 5` and `0b101` all reached row 5; checked before validation, they are
 * addresses of nothing.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.path.includes(':id')) return;
      const hooks = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      route.preValidation = [
        async (request, reply) => {
          const { id } = request.params as { id?: string };
          if (id !== undefined && !DECIMAL_ID.test(id)) return reply.code(404).send(detail(MESSAGES.notFound));
        },
        ...hooks,
      ];
    });
  },
  { name: 'decimal-ids' },
);
