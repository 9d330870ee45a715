import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

import { IdParamsSchema } from '../../contract';
import type { UserRow } from '../db/schema';
import { detail, errorResponses, MESSAGES, NoContent } from '../errors';
import { signedInUser } from '../plugins/auth';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** A service's delete of one item by id: false when there was none. */
type Remove = (site: FastifyInstance, actor: UserRow, id: number) => Promise<boolean>;

/** DELETE `url` (with an `:id`), staff only: 204 once the item is gone, 404 when there was none. */
export function staffDeleteRoute(app: App, url: string, remove: Remove): void {
  app.delete(
    url,
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      if (!(await remove(app, signedInUser(request), request.params.id))) return reply.code(404).send(detail(MESSAGES.notFound));
      return reply.code(204).send(null);
    },
  );
}
