import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { IdParamsSchema } from '../../../contract';
import { CITATION_FORMATS } from '../../../contract/publicationRules';
import {
  BIBTEX_MAX_CHARS,
  BibtexImportSchema,
  CitationParamsSchema,
  type Citations,
  ImportPlanSchema,
  PaperKeyParamsSchema,
  PaperSchema,
  PublicationOrderSchema,
  PublicationSchema,
  PublicationUpdateSchema,
  SelectedPaperSchema,
} from '../../../contract/publications';
import type { Db } from '../../db';
import type { PublicationRow } from '../../db/schema';
import { detail, errorResponses, fieldError, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { htmlToPlainText } from '../../publications/plainText';
import { findDocument } from '../../repositories/documents';
import {
  findPublication,
  findPublicationByKey,
  listPublications,
  listSelectedPublications,
  storedFields,
  toPublication,
  toSelectedPaper,
} from '../../repositories/publications';
import { editPublication, importPublications, previewImport, PUBLICATION_MESSAGES, removePublication, reorderPublications } from '../../services/publications';
import { attachmentDisposition, fileResponses, sendDocument } from '../media/files';
import { staffDeleteRoute } from '../staffDelete';

/**
 * JSON around a whole bibliography: room for the text with every character escaped (six bytes, as
 * `\u0000`), which a binary file chosen by mistake comes close to, so that the reader can say what it is.
 */
const IMPORT_BODY_LIMIT = BIBTEX_MAX_CHARS * 6 + 1024;
/** Papers whose citations are kept made; more than a site has, fewer than a crawler of unknown keys could fill. */
const MAX_CITED = 500;

/** The content types of the citation downloads. */
const CITATION_TYPES = {
  txt: 'text/plain; charset=utf-8',
  bib: 'application/x-bibtex; charset=utf-8',
  ris: 'application/x-research-info-systems; charset=utf-8',
};

/**
 * A paper's citations, made once per version of its row (its `updated_at` changes with every write),
 * for its page and its downloads alike: formatting with citeproc takes some milliseconds a paper.
 * Citation.js is loaded by the first citation asked for, not at the server's start: loading it and
 * reading its styles takes longer than the rest of the start.
 */
function citationMaker() {
  const made = new Map<string, Citations>();
  return async (row: PublicationRow): Promise<Citations> => {
    const version = `${row.id} ${row.updated_at}`;
    let citations = made.get(version);
    if (!citations) {
      const { citationsOf } = await import('../../publications/cite');
      citations = citationsOf(toPublication(row), storedFields(row), htmlToPlainText(row.abstract_html));
      if (made.size >= MAX_CITED) made.clear();
      made.set(version, citations);
    }
    return citations;
  };
}

/** Whether the document attached to the publication is a PDF (what Google Scholar indexes). */
async function attachedPdf(db: Db, row: PublicationRow): Promise<boolean> {
  const document = row.document_id === null ? undefined : await findDocument(db, row.document_id);
  return document?.content_type === 'application/pdf';
}

/** Publications: listed for visitors on the Research page, imported and edited by staff. */
const publicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  // Deleting a document detaches it from its publications.
  app.changes.subscribe(['Publication', 'Document'], () => cache.clear());

  const citations = citationMaker();

  app.get('/api/publications/', { schema: { response: { 200: Type.Array(PublicationSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'publications', async () => ({ status: 200, body: (await listPublications(app.db)).map(toPublication) })),
  );

  /** The papers staff chose for the home page, in the list's order and in short: the home page carries them in its HTML. */
  app.get('/api/publications/selected/', { schema: { response: { 200: Type.Array(SelectedPaperSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'selected', async () => ({ status: 200, body: (await listSelectedPublications(app.db)).map(toSelectedPaper) })),
  );

  /** A paper's own page: the publication with its abstract as text and every way to cite it. */
  app.get(
    '/api/publications/papers/:key/',
    { schema: { params: PaperKeyParamsSchema, response: { 200: PaperSchema, ...errorResponses } } },
    async (request, reply) =>
      cache.send(reply, `paper ${request.params.key.toLowerCase()}`, async () => {
        const row = await findPublicationByKey(app.db, request.params.key);
        if (!row) return { status: 404, body: detail(MESSAGES.notFound) };
        return {
          status: 200,
          body: {
            ...toPublication(row),
            abstract_text: htmlToPlainText(row.abstract_html),
            paper_is_pdf: await attachedPdf(app.db, row),
            citations: await citations(row),
          },
        };
      }),
  );

  /** One citation of a paper as a file to save (`KEY.bib`, `KEY.ris`, `KEY-apa.txt`, `KEY-chicago.txt`). */
  app.get(
    '/api/publications/papers/:key/cite/:format/',
    { schema: { params: CitationParamsSchema, response: { 200: Type.String(), ...errorResponses } } },
    async (request, reply) => {
      const row = await findPublicationByKey(app.db, request.params.key);
      if (!row) return reply.code(404).send(detail(MESSAGES.notFound));
      const { format } = request.params;
      const { extension } = CITATION_FORMATS[format];
      const key = toPublication(row).key;
      return reply
        .type(CITATION_TYPES[extension])
        .header('content-disposition', attachmentDisposition(extension === 'txt' ? `${key}-${format}.txt` : `${key}.${extension}`))
        .header('cache-control', 'no-cache')
        .send((await citations(row))[format]);
    },
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
      const { bibtex, is_working_paper: isWorkingPaper, document: documentId, selected } = request.body;
      const outcome = await editPublication(app, signedInUser(request), request.params.id, { bibtex, isWorkingPaper, documentId, selected });
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
