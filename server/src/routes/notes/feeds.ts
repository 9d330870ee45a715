import crypto from 'node:crypto';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { paths } from '../../../../src/lib/paths';
import { CachedBuild } from '../../lib/cachedBuild';
import { etagListMatches } from '../../lib/etag';
import { OTHER_INSTANCES_DELAY_MS } from '../../lib/responseCache';
import { FEED_LENGTH, notesFeed } from '../../notes/feeds';
import { allPublishedNotes } from '../../repositories/notes';
import { currentContent } from '../../repositories/siteContent';

interface BuiltFeeds {
  atom: { body: string; etag: string };
  json: { body: string; etag: string };
}

const etagOf = (body: string) => `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * The notes' feeds: Atom at /feed.xml (the address feed readers guess first; /rss.xml leads there) and
 * JSON Feed at /feed.json. Built once per change of the notes or of the owner's words, and answered
 * with an ETag, so a reader polling every few minutes costs a 304.
 */
const feedRoutes: FastifyPluginAsync = async (app) => {
  const built = new CachedBuild<BuiltFeeds>(app.dialect === 'postgres' ? OTHER_INSTANCES_DELAY_MS : Number.POSITIVE_INFINITY);
  app.changes.subscribe(['Note', 'SiteContent', 'Image'], () => built.drop());

  const build = async (): Promise<BuiltFeeds> => {
    const [{ content }, notes] = await Promise.all([currentContent(app.db), allPublishedNotes(app.db, FEED_LENGTH)]);
    const feed = notesFeed(content, notes, app.config.publicUrl);
    const atom = feed.atom1();
    const json = feed.json1();
    return { atom: { body: atom, etag: etagOf(atom) }, json: { body: json, etag: etagOf(json) } };
  };
  const feeds = () => built.get(build);

  const answer = (request: FastifyRequest, reply: FastifyReply, type: string, { body, etag }: { body: string; etag: string }) => {
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (etagListMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(type).send(body);
  };

  app.get(paths.atomFeed, async (request, reply) => answer(request, reply, 'application/atom+xml; charset=utf-8', (await feeds()).atom));
  app.get(paths.jsonFeed, async (request, reply) => answer(request, reply, 'application/feed+json; charset=utf-8', (await feeds()).json));
  app.get('/rss.xml', async (_request, reply) => reply.redirect(paths.atomFeed, 301));
};

export default feedRoutes;
