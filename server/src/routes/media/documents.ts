import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { DocumentSchema, IdParamsSchema } from '../../../contract';
import { DOCUMENT_NAME_MAX, DocumentUpdateSchema, DownloadStatsSchema } from '../../../contract/media';
import { ErrorCollector, errorResponses, fieldError, MESSAGES } from '../../errors';
import { siteAddress } from '../../lib/siteAddress';
import { signedInSession, signedInUser } from '../../plugins/auth';
import { categoryExists, type DocumentWithCategory, findDocument, isCurrentCv, listDocuments, toDocument } from '../../repositories/documents';
import { weeklyDownloads } from '../../repositories/downloads';
import { isLiveStaffSession } from '../../repositories/sessions';
import { detectDocumentKind, DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '../../services/documents';
import { addDocument, type DocumentOutcome, editDocument, removeDocument } from '../../services/documentUploads';
import { staffDeleteRoute } from '../staffDelete';
import { DownloadLinks } from './downloadLinks';
import { fileResponses, sendDocument } from './files';
import { FileField, formRoutes, readFlag, staffForm } from './multipart';
import { itemFormSchema, readItemForm } from './namedItems';

const CATEGORY_MISSING = 'The selected category does not exist.';
const CURRENT_NEEDS_CATEGORY = 'A document needs a category to be marked current.';
const CONCURRENT_CHANGE = 'Another document of this category was marked current at the same moment. Please try again.';

const DOCUMENT_FORM = { file: 'file', name: 'name', nameMax: DOCUMENT_NAME_MAX } as const;

/** Form fields of a document upload. */
const DocumentFormSchema = itemFormSchema(DOCUMENT_FORM, {
  category: Type.Optional(Type.String({ maxLength: 20 })),
  is_current: Type.Optional(Type.String({ maxLength: 10 })),
});

/**
 * An edit, as JSON or as form data: the form's text fields arrive as strings, which the schema
 * reads as the JSON call's values (`"true"`, `"12"`, an empty category for none).
 */
const DocumentEditSchema = Type.Object({ ...DocumentUpdateSchema.properties, file: Type.Optional(FileField) });

const DownloadQuerySchema = Type.Object({
  session: Type.Optional(Type.String({ maxLength: 20 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 100 })),
});

/** Answers a document write the service did not do. */
function refuse(reply: FastifyReply, outcome: Exclude<DocumentOutcome, { document: unknown }>) {
  switch (outcome.refused) {
    case 'categoryMissing':
      return reply.code(400).send(fieldError('category', CATEGORY_MISSING));
    case 'concurrentChange':
      return reply.code(409).send({ detail: CONCURRENT_CHANGE });
    case 'notFound':
      return reply.code(404).send({ detail: MESSAGES.notFound });
  }
}

/** The dashboard's download chart covers about a quarter. */
const DOWNLOAD_WEEKS = 12;

/** Documents: staff list, upload, edit (Mark Current included) and delete; downloads of the current CV are public. */
const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const links = new DownloadLinks(app.config.secrets.jwt);
  const address = siteAddress(app.config);
  /** A document as staff see it, its link signed for the sign-in that asked. */
  const staffView = (request: FastifyRequest) => (row: DocumentWithCategory) =>
    toDocument(row, address(links.signed(row.id, row.file_key, signedInSession(request))));

  app.get(
    '/api/documents/documents/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(DocumentSchema), ...errorResponses } } },
    async (request) => {
      const rows = await listDocuments(app.db);
      return rows.map(staffView(request));
    },
  );

  app.get('/api/documents/downloads/', { onRequest: app.requireStaff, schema: { response: { 200: DownloadStatsSchema, ...errorResponses } } }, async () => {
    // This instance's latest downloads first; other instances' follow within their flush interval.
    await app.downloads.flush();
    return weeklyDownloads(app.db, DOWNLOAD_WEEKS);
  });

  // Uploads take forms; the downloads beside them are answered without the form parser.
  await app.register(
    formRoutes(DOCUMENT_MAX_BYTES, async (forms) => {
      forms.post('/api/documents/documents/', staffForm(app, { body: DocumentFormSchema, response: { 201: DocumentSchema } }), async (request, reply) => {
        const { body } = request;
        const errors = new ErrorCollector();
        const { upload, name, description } = readItemForm(errors, body, DOCUMENT_FORM);
        const categoryText = errors.text('category', body.category, { required: true, maxLength: 20 });
        let categoryId: number | undefined;
        if (categoryText !== undefined) {
          categoryId = /^\d{1,9}$/.test(categoryText) ? Number(categoryText) : undefined;
          if (categoryId === undefined || !(await categoryExists(app.db, categoryId))) errors.add('category', CATEGORY_MISSING);
        }
        const isCurrent = readFlag(errors, 'is_current', body.is_current);
        const kind = upload ? await detectDocumentKind(upload.data) : undefined;
        if (upload && !kind) errors.add('file', DOCUMENT_MESSAGES.unsupported);
        if (errors.any || !upload || !kind || name === undefined || description === undefined || categoryId === undefined || isCurrent === undefined) {
          return reply.code(400).send(errors.fields);
        }
        const outcome = await addDocument(
          app,
          signedInUser(request),
          { name, description, categoryId, isCurrent },
          { filename: upload.filename, data: upload.data, kind },
        );
        if ('document' in outcome) return reply.code(201).send(staffView(request)(outcome.document));
        return refuse(reply, outcome);
      });

      // Mark Current sends JSON; the edit form sends form data, with the replacement file when there is one.
      forms.patch(
        '/api/documents/documents/:id/',
        staffForm(app, { body: DocumentEditSchema, params: IdParamsSchema, response: { 200: DocumentSchema }, json: true }),
        async (request, reply) => {
          const { id } = request.params;
          const { body } = request;
          const existing = await findDocument(app.db, id);
          if (!existing) return reply.code(404).send({ detail: MESSAGES.notFound });
          const errors = new ErrorCollector();
          const { upload, name, description } = readItemForm(errors, body, DOCUMENT_FORM, existing);
          const categoryId = body.category === undefined ? existing.category_id : body.category;
          if (categoryId !== null && categoryId !== existing.category_id && !(await categoryExists(app.db, categoryId))) {
            errors.add('category', CATEGORY_MISSING);
          }
          const isCurrent = body.is_current ?? existing.is_current === 1;
          if (isCurrent && categoryId === null) errors.add('is_current', CURRENT_NEEDS_CATEGORY);
          const kind = upload ? await detectDocumentKind(upload.data) : undefined;
          if (upload && !kind) errors.add('file', DOCUMENT_MESSAGES.unsupported);
          if (errors.any || name === undefined || description === undefined) return reply.code(400).send(errors.fields);
          const replacement = upload && kind ? { filename: upload.filename, data: upload.data, kind } : undefined;
          const outcome = await editDocument(app, signedInUser(request), id, { name, description, categoryId, isCurrent }, replacement);
          if ('document' in outcome) return staffView(request)(outcome.document);
          return refuse(reply, outcome);
        },
      );
    }),
  );

  staffDeleteRoute(app, '/api/documents/documents/:id/', removeDocument);

  app.get(
    '/api/documents/documents/:id/download/',
    {
      schema: {
        params: IdParamsSchema,
        querystring: DownloadQuerySchema,
        response: { ...errorResponses, ...fileResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await findDocument(app.db, id);
      // The current CV is public; any other document needs a signed link of a live staff sign-in, or a staff token.
      const linkSession = row && !isCurrentCv(row) ? links.sessionOf(id, row.file_key, request.query) : undefined;
      const allowed = (row && (isCurrentCv(row) || (linkSession !== undefined && (await isLiveStaffSession(app.db, linkSession))))) ?? false;
      if (!allowed) {
        await app.requireStaff(request, reply);
        if (reply.sent) return reply;
      }
      if (!row) return reply.code(404).send({ detail: MESSAGES.notFound });
      // Private documents must not linger in shared caches. Visitors' downloads of the CV count; staff
      // fetching other documents do not.
      const cv = isCurrentCv(row);
      return sendDocument(request, reply, app, row, { cacheControl: cv ? 'public, max-age=300' : 'private, no-cache', counted: cv });
    },
  );
};

export default documentRoutes;
