import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

import { IdParamsSchema } from '../../contract';
import { detail, errorResponses, MESSAGES } from '../errors';
import { ResponseCache } from '../lib/responseCache';
import { signedInUser } from '../plugins/auth';
import type { ChangeTopic } from '../plugins/changes';
import type { AuditActor } from '../repositories/audit';
import type { Edited, Refused, Saved } from '../services/staffEdits';
import { staffDeleteRoute } from './staffDelete';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** A collection staff write and anyone reads: its schemas, where its list comes from, and its service. */
export interface StaffCollection<Input extends TSchema, Item extends TSchema, Row, Query extends TSchema> {
  schemas: { input: Input; item: Item; query?: Query };
  /** The kinds of data the list shows: an announced change of any of them drops its cached answers. */
  shows: readonly ChangeTopic[];
  /** The rows the list shows, for its query. */
  list: (query: Static<Query>) => Promise<Row[]>;
  /** The cache key of a query's answer, when the list has a query. */
  cacheKey?: (query: Static<Query>) => string;
  /** A row as the API answers it. */
  view: (row: Row) => Static<Item>;
  service: {
    add: (site: FastifyInstance, actor: AuditActor, input: Static<Input>) => Promise<Saved<Row> | Refused>;
    edit: (site: FastifyInstance, actor: AuditActor, id: number, input: Static<Input>) => Promise<Edited<Row>>;
    remove: (site: FastifyInstance, actor: AuditActor, id: number) => Promise<boolean>;
  };
}

/**
 * The routes of a collection at `url` (`/api/news/`, items at `/api/news/ID/`): the list for anyone,
 * cached until what it shows changes; create (201), update and delete (204) for staff. A refused
 * write answers 400 with its messages by field, an item that is not there 404.
 */
export function staffCollectionRoutes<Input extends TSchema, Item extends TSchema, Row, Query extends TSchema = TSchema>(
  app: App,
  url: string,
  collection: StaffCollection<Input, Item, Row, Query>,
): void {
  const { schemas, list, cacheKey = () => 'all', view, service } = collection;
  const cache = new ResponseCache();
  app.changes.subscribe(collection.shows, () => cache.clear());
  const itemUrl = `${url}:id/`;
  // Fastify's types cannot follow a generic schema to the answer it allows: the schemas validate and serialise alike.
  const input: TSchema = schemas.input;
  const item: TSchema = schemas.item;

  app.get(
    url,
    { schema: { ...(schemas.query && { querystring: schemas.query }), response: { 200: Type.Array(item), ...errorResponses } } },
    async (request, reply) => {
      const query = request.query as Static<Query>;
      return cache.send(reply, cacheKey(query), async () => ({ status: 200, body: (await list(query)).map(view) }));
    },
  );

  app.post(url, { onRequest: app.requireStaff, schema: { body: input, response: { 201: item, ...errorResponses } } }, async (request, reply) => {
    const outcome = await service.add(app, signedInUser(request), request.body as Static<Input>);
    if ('problems' in outcome) return reply.code(400).send(outcome.problems);
    return reply.code(201).send(view(outcome.item));
  });

  app.patch(
    itemUrl,
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: input, response: { 200: item, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await service.edit(app, signedInUser(request), request.params.id, request.body as Static<Input>);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return view(outcome.item);
    },
  );

  staffDeleteRoute(app, itemUrl, service.remove);
}
