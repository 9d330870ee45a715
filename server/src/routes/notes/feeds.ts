import type { FastifyPluginAsync } from 'fastify';

import { paths } from '../../../contract/paths';
import { CachedBuild } from '../../lib/cachedBuild';
import { OTHER_INSTANCES_DELAY_MS } from '../../lib/changeBoundCache';
import { PreparedBody } from '../../lib/preparedBody';
import { FEED_LENGTH, notesFeeds } from '../../notes/feeds';
import { answerUnderPressure } from '../../plugins/loadShedding';
import { allPublishedNotes } from '../../repositories/notes';
import { currentContent } from '../../repositories/siteContent';

interface BuiltFeeds {
  atom: PreparedBody;
  json: PreparedBody;
}

/**
 * The notes' feeds: Atom at /feed.xml (the address feed readers guess first; /rss.xml leads there) and
 * JSON Feed at /feed.json. Built (and compressed) once per change of the notes or of the owner's words,
 * and answered with an ETag, so a reader polling every few minutes costs a 304.
 */
const feedRoutes: FastifyPluginAsync = async (app) => {
  const built = new CachedBuild<BuiltFeeds>(app.dialect === 'postgres' ? OTHER_INSTANCES_DELAY_MS : Number.POSITIVE_INFINITY);
  app.changes.subscribe(['Note', 'SiteContent', 'Image'], () => built.drop());

  const build = async (): Promise<BuiltFeeds> => {
    const [{ content }, notes] = await Promise.all([currentContent(app.db), allPublishedNotes(app.db, FEED_LENGTH)]);
    const { atom, json } = notesFeeds(content, notes, app.config.publicUrl);
    return { atom: new PreparedBody(atom), json: new PreparedBody(json) };
  };
  const feeds = () => built.get(build);

  // Built once per change: answered under load too.
  app.get(paths.atomFeed, { config: answerUnderPressure }, async (request, reply) =>
    (await feeds()).atom.send(request, reply.header('cache-control', 'no-cache'), { type: 'application/atom+xml; charset=utf-8', revalidate: true }),
  );
  app.get(paths.jsonFeed, { config: answerUnderPressure }, async (request, reply) =>
    (await feeds()).json.send(request, reply.header('cache-control', 'no-cache'), { type: 'application/feed+json; charset=utf-8', revalidate: true }),
  );
  app.get('/rss.xml', async (_request, reply) => reply.redirect(paths.atomFeed, 301));
};

export default feedRoutes;
