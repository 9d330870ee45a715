import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

import { DetailSchema, DocumentSchema } from '../../../contract';
import { ResponseCache } from '../../lib/responseCache';
import { siteAddress } from '../../lib/siteAddress';
import { findCurrentCv, toDocument } from '../../repositories/documents';
import { DOCUMENT_EXTENSIONS, documentExtension } from '../../services/documents';
import { DownloadLinks } from './downloadLinks';
import { fileResponses, sendDocument } from './files';

const NO_CURRENT_CV = 'No current CV has been published.';

/** The current CV for visitors: its description for the CV page, and a stable address to link to. */
const currentCvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  app.changes.subscribe(['Document', 'Category', 'CurrentCv'], () => cache.clear());
  const address = siteAddress(app.config);
  app.get('/api/documents/documents/current_cv/', { schema: { response: { 200: DocumentSchema, 404: DetailSchema } } }, async (_request, reply) =>
    cache.send(reply, 'current_cv', async () => {
      const row = await findCurrentCv(app.db);
      return row ? { status: 200, body: toDocument(row, address(DownloadLinks.path(row.id))) } : { status: 404, body: { detail: NO_CURRENT_CV } };
    }),
  );

  /**
   * Always the current CV, whichever file that is today, at an address named after its type:
   * /cv.pdf for a PDF, /cv.docx, /cv.odt or /cv.txt otherwise. The address of another type
   * redirects there, so a link to /cv.pdf keeps working and the saved file gets its true type.
   */
  app.get(
    '/cv.:extension',
    {
      schema: {
        params: Type.Object({ extension: Type.String() }),
        response: { ...fileResponses, 302: Type.Null({ description: 'Redirect to the address of the current type' }) },
      },
    },
    async (request, reply) => {
      if (!DOCUMENT_EXTENSIONS.has(request.params.extension)) return reply.callNotFound();
      const row = await findCurrentCv(app.db);
      // A visitor following an old link gets the site's not-found page.
      if (!row) return reply.callNotFound();
      const extension = documentExtension(row.content_type);
      if (request.params.extension !== extension) return reply.header('cache-control', 'no-cache').redirect(`/cv.${extension}`, 302);
      // Revalidated on every use: the address stays, the file behind it changes.
      return sendDocument(request, reply, app, row, { cacheControl: 'no-cache', counted: true });
    },
  );
};

export default currentCvRoutes;
