import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DetailSchema, IdParamsSchema } from '../../../contract';
import { CITATION_FORMATS } from '../../../contract/publicationRules';
import {
  BIBTEX_MAX_CHARS,
  BibtexImportSchema,
  CitationParamsSchema,
  ImportPlanSchema,
  ListedPublicationSchema,
  PaperFileParamsSchema,
  PaperKeyParamsSchema,
  PaperSchema,
  PublicationOrderSchema,
  PublicationUpdateSchema,
  SelectedPaperSchema,
} from '../../../contract/publications';
import type { Db } from '../../db';
import type { DocumentRow, PublicationRow } from '../../db/schema';
import { detail, errorResponses, fieldError, MESSAGES } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import { RETRY_AFTER_SECONDS } from '../../plugins/loadShedding';
import { cslItem, publishedIn } from '../../publications/csl';
import { paperKey } from '../../publications/facets';
import { htmlToPlainText } from '../../publications/plainText';
import { findDocument } from '../../repositories/documents';
import {
  findPublication,
  findPublicationByKey,
  listListedPublications,
  listSelectedPublications,
  paperPath,
  storedFields,
  toListedPublication,
  toPublication,
  toSelectedPaper,
} from '../../repositories/publications';
import { listTalksOnPaper } from '../../repositories/talks';
import { paperCitations } from '../../services/citations';
import { DOCUMENT_EXTENSIONS, documentExtension } from '../../services/documents';
import { editPublication, importPublications, previewImport, PUBLICATION_MESSAGES, removePublication, reorderPublications } from '../../services/publications';
import { attachedDocumentRoute } from '../attachedDocument';
import { attachmentDisposition, fileResponses, sendDocument } from '../media/files';
import { staffDeleteRoute } from '../staffDelete';

/**
 * JSON around a whole bibliography: room for the text with every character escaped (six bytes, as
 * `\u0000`), which a binary file chosen by mistake comes close to, so that the reader can say what it is.
 */
const IMPORT_BODY_LIMIT = BIBTEX_MAX_CHARS * 6 + 1024;
/** The content types of the citation downloads. */
const CITATION_TYPES = {
  txt: 'text/plain; charset=utf-8',
  bib: 'application/x-bibtex; charset=utf-8',
  ris: 'application/x-research-info-systems; charset=utf-8',
};

/** The document attached to the publication, if any. */
async function attachedDocument(db: Db, row: PublicationRow): Promise<DocumentRow | undefined> {
  return row.document_id === null ? undefined : findDocument(db, row.document_id);
}

/** Publications: listed for visitors on the Research page, imported and edited by staff. */
const publicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  // Deleting a document detaches it from its publications; a paper's page lists the talks given on it.
  app.changes.subscribe(['Publication', 'Citations', 'Document', 'Talk'], () => cache.clear());

  app.get('/api/publications/', { schema: { response: { 200: Type.Array(ListedPublicationSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'publications', async () => ({ status: 200, body: (await listListedPublications(app.db)).map(toListedPublication) })),
  );

  /** The papers staff chose for the home page, in the list's order and in short: the home page carries them in its HTML. */
  app.get('/api/publications/selected/', { schema: { response: { 200: Type.Array(SelectedPaperSchema), ...errorResponses } } }, async (_request, reply) =>
    cache.send(reply, 'selected', async () => ({ status: 200, body: (await listSelectedPublications(app.db)).map(toSelectedPaper) })),
  );

  /** A paper's own page: the publication with its abstract as text, every way to cite it and the talks given on it. */
  app.get(
    '/api/publications/papers/:key/',
    { schema: { params: PaperKeyParamsSchema, response: { 200: PaperSchema, ...errorResponses } } },
    async (request, reply) =>
      cache.send(reply, `paper ${request.params.key.toLowerCase()}`, async () => {
        const row = await findPublicationByKey(app.db, request.params.key);
        if (!row) return { status: 404, body: detail(MESSAGES.notFound) };
        const publication = toPublication(row);
        const document = await attachedDocument(app.db, row);
        return {
          status: 200,
          body: {
            ...publication,
            // Named for the attached paper's type, which the list does not know.
            paper_url: document ? paperPath(row.cite_key, documentExtension(document.content_type)) : '',
            abstract_text: htmlToPlainText(row.abstract_html),
            paper_is_pdf: document?.content_type === 'application/pdf',
            published_in: publishedIn(cslItem(publication, storedFields(row), '')),
            citations: paperCitations(row),
            talks: await listTalksOnPaper(app.db, row.id),
          },
        };
      }),
  );

  /** One citation of a paper as a file to save (`KEY.bib`, `KEY.ris`, `KEY-apa.txt`, `KEY-chicago.txt`). */
  app.get(
    '/api/publications/papers/:key/cite/:format/',
    { schema: { params: CitationParamsSchema, response: { 200: Type.String(), ...errorResponses, 503: DetailSchema } } },
    async (request, reply) => {
      const row = await findPublicationByKey(app.db, request.params.key);
      if (!row) return reply.code(404).send(detail(MESSAGES.notFound));
      const { format } = request.params;
      const text = paperCitations(row)[format];
      // Formatted in the background moments after the paper changed: the page offers it once it is.
      if (!text) return reply.code(503).header('Retry-After', RETRY_AFTER_SECONDS).send(detail(PUBLICATION_MESSAGES.citationPending));
      const { extension } = CITATION_FORMATS[format];
      const key = toPublication(row).key;
      return reply
        .type(CITATION_TYPES[extension])
        .header('content-disposition', attachmentDisposition(extension === 'txt' ? `${key}-${format}.txt` : `${key}.${extension}`))
        .header('cache-control', 'no-cache')
        .send(text);
    },
  );

  // The preview and the import take the same text; only the import writes.
  const importing = {
    onRequest: app.requireStaff,
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { body: BibtexImportSchema, response: { 200: ImportPlanSchema, ...errorResponses } },
  };
  app.post('/api/publications/import/preview/', importing, async (request, reply) => {
    const outcome = await previewImport(app, request.body.bibtex);
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
    { onRequest: app.requireStaff, schema: { body: PublicationOrderSchema, response: { 200: Type.Array(ListedPublicationSchema), ...errorResponses } } },
    async (request, reply) => {
      if (!(await reorderPublications(app, signedInUser(request), request.body.ids)))
        return reply.code(400).send(fieldError('ids', PUBLICATION_MESSAGES.everyId));
      return (await listListedPublications(app.db)).map(toListedPublication);
    },
  );

  app.patch(
    '/api/publications/:id/',
    {
      onRequest: app.requireStaff,
      schema: { params: IdParamsSchema, body: PublicationUpdateSchema, response: { 200: ListedPublicationSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { bibtex, is_working_paper: isWorkingPaper, document: documentId, selected } = request.body;
      const outcome = await editPublication(app, signedInUser(request), request.params.id, { bibtex, isWorkingPaper, documentId, selected });
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      return toListedPublication(outcome.publication);
    },
  );

  staffDeleteRoute(app, '/api/publications/:id/', removePublication);

  /**
   * The attached paper beside the paper's page (`/research/KEY/paper.pdf`), where crawlers may fetch it
   * (robots.txt keeps them out of /api/), shown in the browser and counted as a download. The address
   * of another type or spelling redirects to the paper's own, which follows a replaced file's type.
   */
  app.get(
    '/research/:key/paper.:extension',
    {
      schema: {
        params: PaperFileParamsSchema,
        response: { ...fileResponses, 302: Type.Null({ description: 'Redirect to the address of the paper’s own type' }) },
      },
    },
    async (request, reply) => {
      const { key, extension } = request.params;
      if (!DOCUMENT_EXTENSIONS.has(extension)) return reply.callNotFound();
      const row = await findPublicationByKey(app.db, key);
      const document = row && (await attachedDocument(app.db, row));
      if (!row || !document) return reply.code(404).send(detail(PUBLICATION_MESSAGES.noPaper));
      const ownExtension = documentExtension(document.content_type);
      if (key !== paperKey(row.cite_key) || extension !== ownExtension)
        return reply.header('cache-control', 'no-cache').redirect(paperPath(row.cite_key, ownExtension), 302);
      return sendDocument(request, reply, app, document, { cacheControl: 'no-cache', counted: true, inline: true });
    },
  );

  /** The attached paper as a download, at its first address. */
  attachedDocumentRoute(app, '/api/publications/:id/paper/', { params: IdParamsSchema, missing: PUBLICATION_MESSAGES.noPaper }, async ({ id }) => {
    const row = await findPublication(app.db, id);
    return row?.document_id ? findDocument(app.db, row.document_id) : undefined;
  });
};

export default publicationRoutes;
