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
import { detail, errorResponses, fieldError, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { findDocument } from '../../repositories/documents';
import { findPublication, listPublications, toPublication } from '../../repositories/publications';
import { editPublication, importPublications, previewImport, PUBLICATION_MESSAGES, removePublication, reorderPublications } from '../../services/publications';
import { fileResponses, sendDocument } from '../media/files';
import { staffDeleteRoute } from '../staffDelete';

/**
 * JSON around a whole bibliography: room for the text with every character escaped (six bytes, as
 * `\u0000`), which a binary file chosen by mistake comes close to, so that the reader can say what it is.
 */
const IMPORT_BODY_LIMIT = BIBTEX_MAX_CHARS * 6 + 1024;

/** Publications: listed for visitors on the Research page, imported and edited by staff. */
const publicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  // Deleting a document detaches it from its publications.
  app.changes.subscribe(['Publication', 'Document'], () => cache.clear());

  app.get('/api/publications/', { schema: { response: { 200: Type.Array(PublicationSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'publications', async () => ({ status: 200, body: (await listPublications(app.db)).map(toPublication) })),
  );

  // The preview and the import take the same text; only the import writes.
  const importing = {
    onRequest: app.requireStaff,
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { body: BibtexImportSchema, response: { 200: ImportPlanSchema, ...errorResponses } },
  };
  app.post('/api/publications/import/preview/', importing, async (request, reply) => {
    const outcome = await previewImport(app.db, request.body.bibtex);
    if ('problems' in outcome) return reply.code(400).send(outcome.problems);
    return outcome.plan;
  });

  app.post('/api/publications/import/', importing, async (request, reply) => {
    const outcome = await importPublications(app, signedInUser(request), request.body.bibtex);
    if ('problems' in outcome) return reply.code(400).send(outcome.problems);
    return outcome.plan;
  });

  app.put(
    '/api/publications/order/',
    { onRequest: app.requireStaff, schema: { body: PublicationOrderSchema, response: { 200: Type.Array(PublicationSchema), ...errorResponses } } },
    async (request, reply) => {
      if (!(await reorderPublications(app, signedInUser(request), request.body.ids)))
        return reply.code(400).send(fieldError('ids', PUBLICATION_MESSAGES.everyId));
      return (await listPublications(app.db)).map(toPublication);
    },
  );

  app.patch(
    '/api/publications/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: PublicationUpdateSchema, response: { 200: PublicationSchema, ...errorResponses } } },
    async (request, reply) => {
      const { bibtex, is_working_paper: isWorkingPaper, document: documentId } = request.body;
      const outcome = await editPublication(app, signedInUser(request), request.params.id, { bibtex, isWorkingPaper, documentId });
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return toPublication(outcome.publication);
    },
  );

  staffDeleteRoute(app, '/api/publications/:id/', removePublication);

  /** The attached paper, public like the publication it belongs to. */
  app.get('/api/publications/:id/paper/', { schema: { params: IdParamsSchema, response: fileResponses } }, async (request, reply) => {
    const row = await findPublication(app.db, request.params.id);
    const document = row?.document_id ? await findDocument(app.db, row.document_id) : undefined;
    if (!document) return reply.code(404).send(detail(PUBLICATION_MESSAGES.noPaper));
    return sendDocument(request, reply, app, document, { cacheControl: 'no-cache', counted: true });
  });
};

export default publicationRoutes;
