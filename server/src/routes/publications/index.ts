import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import {
  BIBTEX_MAX_CHARS,
  BibtexImportSchema,
  ImportPlanSchema,
  PublicationOrderSchema,
  PublicationSchema,
  PublicationUpdateSchema,
} from '../../../contract/publications';
import { detail, errorResponses, fieldError, MESSAGES, NoContent } from '../../errors';
import { PublicAnswers } from '../../lib/publicAnswers';
import { signedInUser } from '../../plugins/auth';
import { parseBibtex } from '../../publications/bibtex';
import { type RenderedPublication, renderEntry } from '../../publications/render';
import { findDocument } from '../../repositories/documents';
import {
  applyImport,
  deletePublication,
  findPublication,
  importPlan,
  listPublications,
  reorderPublications,
  toPublication,
  updatePublication,
} from '../../repositories/publications';
import { fileResponses, sendDocument } from '../media/files';

export const PUBLICATION_MESSAGES = {
  oneEntry: 'Give exactly one BibTeX entry.',
  sameKey: (key: string) => `The citation key must stay "${key}".`,
  noDocument: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  everyId: 'List every publication exactly once.',
  noPaper: 'This publication has no paper attached.',
} as const;

/** JSON around a whole bibliography: room for the text, its escapes and multi-byte accents. */
const IMPORT_BODY_LIMIT = BIBTEX_MAX_CHARS * 3;

/** The entries of a BibTeX text, or the problems that stop it being imported (answered under `bibtex`). */
function readEntries(bibtex: string): { entries: RenderedPublication[] } | { problems: Record<string, string[]> } {
  const parsed = parseBibtex(bibtex);
  if (!parsed.ok) return { problems: { bibtex: parsed.errors } };
  return { entries: parsed.entries.map(renderEntry) };
}

/** Publications: listed for visitors on the Research page, imported and edited by staff. */
const publicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicAnswers = new PublicAnswers();
  app.changes.subscribe('content', () => publicAnswers.clear());
  // Deleting a document detaches it from its publications.
  app.changes.subscribe('media', () => publicAnswers.clear());
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && !request.url.includes('/preview/')) app.changes.publish('content');
    done(null, payload);
  });

  app.get('/api/publications/', { schema: { response: { 200: Type.Array(PublicationSchema), ...errorResponses } } }, async (_request, reply) =>
    publicAnswers.send(reply, 'publications', async () => ({ status: 200, body: (await listPublications(app.db)).map(toPublication) })),
  );

  // The preview and the import read the same text the same way; only their last step differs.
  const importing = {
    onRequest: app.requireStaff,
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { body: BibtexImportSchema, response: { 200: ImportPlanSchema, ...errorResponses } },
  };
  app.post('/api/publications/import/preview/', importing, async (request, reply) => {
    const read = readEntries(request.body.bibtex);
    if ('problems' in read) return reply.code(400).send(read.problems);
    return importPlan(app.db, read.entries);
  });

  app.post('/api/publications/import/', importing, async (request, reply) => {
    const read = readEntries(request.body.bibtex);
    if ('problems' in read) return reply.code(400).send(read.problems);
    return applyImport(app.db, signedInUser(request), read.entries);
  });

  app.put(
    '/api/publications/order/',
    { onRequest: app.requireStaff, schema: { body: PublicationOrderSchema, response: { 200: Type.Array(PublicationSchema), ...errorResponses } } },
    async (request, reply) => {
      if (!(await reorderPublications(app.db, signedInUser(request), request.body.ids)))
        return reply.code(400).send(fieldError('ids', PUBLICATION_MESSAGES.everyId));
      return (await listPublications(app.db)).map(toPublication);
    },
  );

  app.patch(
    '/api/publications/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: PublicationUpdateSchema, response: { 200: PublicationSchema, ...errorResponses } } },
    async (request, reply) => {
      const row = await findPublication(app.db, request.params.id);
      if (!row) return reply.code(404).send(detail(MESSAGES.notFound));
      const { bibtex, is_working_paper: isWorkingPaper, document: documentId } = request.body;
      let entry: RenderedPublication | undefined;
      if (bibtex !== undefined) {
        const read = readEntries(bibtex);
        if ('problems' in read) return reply.code(400).send(read.problems);
        if (read.entries.length !== 1) return reply.code(400).send(fieldError('bibtex', PUBLICATION_MESSAGES.oneEntry));
        [entry] = read.entries;
        if (entry.cite_key.toLowerCase() !== row.cite_key.toLowerCase())
          return reply.code(400).send(fieldError('bibtex', PUBLICATION_MESSAGES.sameKey(row.cite_key)));
      }
      if (documentId !== undefined && documentId !== null && !(await findDocument(app.db, documentId)))
        return reply.code(400).send(fieldError('document', PUBLICATION_MESSAGES.noDocument(documentId)));
      return toPublication(await updatePublication(app.db, signedInUser(request), row, { entry, isWorkingPaper, documentId }));
    },
  );

  app.delete(
    '/api/publications/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const row = await findPublication(app.db, request.params.id);
      if (!row) return reply.code(404).send(detail(MESSAGES.notFound));
      await deletePublication(app.db, signedInUser(request), row);
      return reply.code(204).send(null);
    },
  );

  /** The attached paper, public like the publication it belongs to. */
  app.get('/api/publications/:id/paper/', { schema: { params: IdParamsSchema, response: fileResponses } }, async (request, reply) => {
    const row = await findPublication(app.db, request.params.id);
    const document = row?.document_id ? await findDocument(app.db, row.document_id) : undefined;
    if (!document) return reply.code(404).send(detail(PUBLICATION_MESSAGES.noPaper));
    return sendDocument(request, reply, app, document, { cacheControl: 'no-cache', counted: true });
  });
};

export default publicationRoutes;
