import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { IdParamsSchema } from '../../../contract';
import { TALK_MESSAGES, TalkInputSchema, TalkSchema } from '../../../contract/talks';
import { findDocument } from '../../repositories/documents';
import { findTalk, listTalks, toTalk } from '../../repositories/talks';
import { addTalk, editTalk, removeTalk } from '../../services/talks';
import { attachedDocumentRoute } from '../attachedDocument';
import { staffCollectionRoutes } from '../staffCollection';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day (UTC) a time falls on, counted from 1970. */
const dayOf = (time: number) => Math.floor(time / DAY_MS);

/** Talks: listed for visitors with their slides, written by staff. */
const talksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A talk moves from upcoming to past when its day is over (in UTC, as the page tells them apart):
  // the pages listing talks are drawn again then.
  let shownDay = dayOf(Date.now());
  const dayChange = app.background.loop('announcing the day change to talks', {
    maxSleepMs: DAY_MS,
    async pass() {
      const day = dayOf(Date.now());
      if (day !== shownDay) {
        shownDay = day;
        app.changes.publish('Talk');
      }
      return (day + 1) * DAY_MS;
    },
  });
  app.addHook('onReady', async () => dayChange.wake());

  staffCollectionRoutes(app, '/api/talks/', {
    schemas: { input: TalkInputSchema, item: TalkSchema },
    // A talk shows its paper's title and its slides' link: a change of either changes the list.
    shows: ['Talk', 'Document', 'Publication'],
    list: () => listTalks(app.db),
    view: toTalk,
    service: { add: addTalk, edit: editTalk, remove: removeTalk },
  });

  // Slides are public once a talk links them, as a paper attached to a publication is.
  attachedDocumentRoute(app, '/api/talks/:id/slides/', { params: IdParamsSchema, missing: TALK_MESSAGES.noSlides }, async ({ id }) => {
    const talk = await findTalk(app.db, id);
    return talk?.slides_document_id ? findDocument(app.db, talk.slides_document_id) : undefined;
  });
};

export default talksRoutes;
