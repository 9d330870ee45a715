import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { TALK_MESSAGES, TalkInputSchema, TalkSchema } from '../../../contract/talks';
import { detail, errorResponses, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { findDocument } from '../../repositories/documents';
import { findTalk, listTalks, toTalk } from '../../repositories/talks';
import { addTalk, editTalk, removeTalk } from '../../services/talks';
import { fileResponses, sendDocument } from '../media/files';
import { staffDeleteRoute } from '../staffDelete';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds until the next midnight UTC. */
const untilNextDay = (now = Date.now()) => DAY_MS - (now % DAY_MS) + 1;

/** Talks: listed for visitors with their slides, written by staff. */
const talksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  // A talk shows its paper's title and its slides' link: a change of either changes the list.
  app.changes.subscribe(['Talk', 'Document', 'Publication'], () => cache.clear());

  // A talk moves from upcoming to past when its day is over (in UTC, as the page tells them apart):
  // the pages listing talks are drawn again then.
  let nextDay: NodeJS.Timeout | undefined;
  const waitForNextDay = () => {
    nextDay = setTimeout(() => {
      app.changes.publish('Talk');
      waitForNextDay();
    }, untilNextDay()).unref();
  };
  waitForNextDay();
  app.addHook('onClose', async () => clearTimeout(nextDay));

  app.get('/api/talks/', { schema: { response: { 200: Type.Array(TalkSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'all', async () => ({ status: 200, body: (await listTalks(app.db)).map(toTalk) })),
  );

  app.post(
    '/api/talks/',
    { onRequest: app.requireStaff, schema: { body: TalkInputSchema, response: { 201: TalkSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await addTalk(app, signedInUser(request), request.body);
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return reply.code(201).send(toTalk(outcome.talk));
    },
  );

  app.patch(
    '/api/talks/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: TalkInputSchema, response: { 200: TalkSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await editTalk(app, signedInUser(request), request.params.id, request.body);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return toTalk(outcome.talk);
    },
  );

  staffDeleteRoute(app, '/api/talks/:id/', removeTalk);

  // Slides are public once a talk links them, as a paper attached to a publication is.
  app.get('/api/talks/:id/slides/', { schema: { params: IdParamsSchema, response: fileResponses } }, async (request, reply) => {
    const talk = await findTalk(app.db, request.params.id);
    const document = talk?.slides_document_id ? await findDocument(app.db, talk.slides_document_id) : undefined;
    if (!document) return reply.code(404).send(detail(TALK_MESSAGES.noSlides));
    return sendDocument(request, reply, app, document, { cacheControl: 'no-cache', counted: true });
  });
};

export default talksRoutes;
