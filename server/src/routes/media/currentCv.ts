import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DetailSchema, DocumentSchema } from '../../../contract';
import { DOCUMENT_TYPES } from '../../services/documents';
import { DownloadLinks } from './downloadLinks';
import { findCurrentCv, toDocument } from './documentQueries';
import { fileResponses, sendStoredFile } from './files';

const NO_CURRENT_CV = 'No current CV has been published.';

/** The current CV for visitors: its description for the CV page, and a stable address to link to. */
const currentCvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/documents/documents/current_cv/',
    { schema: { response: { 200: DocumentSchema, 404: DetailSchema } } },
    async (_request, reply) =>
      app.publicAnswers.send(reply, 'current_cv', async () => {
        const row = await findCurrentCv(app.db);
        return row ? { status: 200, body: toDocument(row, DownloadLinks.path(row.id)) } : { status: 404, body: { detail: NO_CURRENT_CV } };
      }),
  );

  /**
   * Always the current CV, whichever file that is today. A PDF is served here directly; any
   * other type is redirected to its download, so that the saved file gets its true extension.
   */
  app.get(
    '/cv.pdf',
    { schema: { response: { ...fileResponses, 302: Type.Null({ description: 'Redirect to the download' }) } } },
    async (request, reply) => {
      const row = await findCurrentCv(app.db);
      if (!row) return reply.code(404).send({ detail: NO_CURRENT_CV });
      if (row.content_type !== DOCUMENT_TYPES.pdf.contentType) {
        return reply.header('cache-control', 'no-cache').redirect(DownloadLinks.path(row.id), 302);
      }
      return sendStoredFile(request, reply, app.storage, {
        key: row.file_key,
        contentType: row.content_type,
        // Revalidated on every use: the address stays, the file behind it changes.
        cacheControl: 'no-cache',
        downloadName: row.original_filename,
      });
    },
  );
};

export default currentCvRoutes;
