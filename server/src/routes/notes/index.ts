import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

import { IdParamsSchema, IdSchema } from '../../../contract';
import { type FigureAlt, FigureAltListSchema, NOTEBOOK_LIMITS, NOTEBOOK_MESSAGES, NotebookPreviewSchema } from '../../../contract/notebooks';
import { NOTE_MESSAGES } from '../../../contract/noteRules';
import {
  NoteAutosaveSchema,
  NoteInputSchema,
  NoteListQuerySchema,
  NoteListSchema,
  NoteRevisionSchema,
  NOTES_PER_PAGE,
  NoteSlugParamsSchema,
  PreviewInputSchema,
  PreviewSchema,
  PublicNoteSchema,
  StaffNoteSchema,
  StaffNoteSummarySchema,
} from '../../../contract/notes';
import { detail, ErrorCollector, errorResponses, MESSAGES, NoContent } from '../../errors';
import { ResponseCache } from '../../lib/responseCache';
import { signedInUser } from '../../plugins/auth';
import {
  findNote,
  findPublishedNote,
  listPublishedNotes,
  listRevisions,
  listStaffNoteSummaries,
  neighbourNotes,
  publishedTagCounts,
} from '../../repositories/notes';
import { dropNoteAutosave, keepNoteAutosave, noteAutosaveOf } from '../../services/noteAutosaves';
import { previewNotebook, saveNotebookNote } from '../../services/notebookNotes';
import { coversOf, previewNote, removeNote, restoreRevision, saveNote, toPublicNote, toRevision, toStaffNote, toSummary } from '../../services/notes';
import { fileResponses, sendStoredFile } from '../media/files';
import { FileField, formRoutes, readFlag, readUpload, staffForm } from '../media/multipart';
import { staffDeleteRoute } from '../staffDelete';

const RestoreBodySchema = Type.Object({ revision: IdSchema, started_from: IdSchema }, { additionalProperties: false });
/**
 * A notebook sent as a form: the file, the title for a new note, whether to hide all code, the
 * revision a replacement started from, and the figures' alt text (JSON, FigureAltListSchema).
 */
const NotebookFormSchema = Type.Object({
  file: Type.Optional(FileField),
  title: Type.Optional(Type.String({ maxLength: 1000 })),
  hide_code: Type.Optional(Type.String({ maxLength: 10 })),
  revision: Type.Optional(Type.String({ maxLength: 12 })),
  alt: Type.Optional(Type.String()),
});
type NotebookForm = { file?: unknown; title?: string; hide_code?: string; revision?: string; alt?: string };

/** The alt text of the form's `alt` field, each naming one figure by its output or its attachment; undefined after recording an error. */
function readAltList(errors: ErrorCollector, text: string | undefined): FigureAlt[] | undefined {
  if (text === undefined || text.trim() === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = undefined;
  }
  if (!Value.Check(FigureAltListSchema, list) || list.some((figure) => (figure.output === undefined) === (figure.attachment === undefined))) {
    errors.add('alt', NOTEBOOK_MESSAGES.altList);
    return undefined;
  }
  return list;
}

/** Notes: published ones for everyone; every note, its revisions and a live preview for staff. */
const notesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new ResponseCache();
  app.changes.subscribe(['Note', 'Image'], () => cache.clear());

  app.get('/api/notes/', { schema: { querystring: NoteListQuerySchema, response: { 200: NoteListSchema, ...errorResponses } } }, async (request, reply) => {
    const { page = 1, tag, limit } = request.query;
    return cache.send(reply, `list ${page} ${tag ?? ''} ${limit ?? ''}`, async () => {
      const perPage = limit ?? NOTES_PER_PAGE;
      const [{ rows, total }, tags] = await Promise.all([
        listPublishedNotes(app.db, { offset: (page - 1) * perPage, limit: perPage, tag }),
        publishedTagCounts(app.db),
      ]);
      // A tag no published note carries names no list.
      if (tag !== undefined && !tags.some((counted) => counted.tag === tag)) return { status: 404, body: detail(MESSAGES.notFound) };
      const covers = await coversOf(app.db, rows);
      return { status: 200, body: { notes: rows.map((row) => toSummary(row, covers)), page, pages: Math.max(1, Math.ceil(total / perPage)), total, tags } };
    });
  });

  app.get('/api/notes/:slug/', { schema: { params: NoteSlugParamsSchema, response: { 200: PublicNoteSchema, ...errorResponses } } }, async (request, reply) =>
    cache.send(reply, `note ${request.params.slug}`, async () => {
      const row = await findPublishedNote(app.db, request.params.slug);
      if (!row) return { status: 404, body: detail(MESSAGES.notFound) };
      const [covers, neighbours] = await Promise.all([coversOf(app.db, [row]), neighbourNotes(app.db, row)]);
      return { status: 200, body: toPublicNote(row, covers, neighbours) };
    }),
  );

  app.post(
    '/api/notes/preview/',
    { onRequest: app.requireStaff, schema: { body: PreviewInputSchema, response: { 200: PreviewSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await previewNote(app, request.body.body);
      // A preview carries the body's problems too: only one without HTML was refused.
      if (!('html' in outcome)) return reply.code(400).send(outcome.problems);
      return outcome;
    },
  );

  app.get(
    '/api/notes/manage/',
    { onRequest: app.requireStaff, schema: { response: { 200: Type.Array(StaffNoteSummarySchema), ...errorResponses } } },
    async () => listStaffNoteSummaries(app.db),
  );

  app.get(
    '/api/notes/manage/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 200: StaffNoteSchema, ...errorResponses } } },
    async (request, reply) => {
      const row = await findNote(app.db, request.params.id);
      if (!row) return reply.code(404).send(detail(MESSAGES.notFound));
      return toStaffNote(app.db, row);
    },
  );

  app.post(
    '/api/notes/manage/',
    { onRequest: app.requireStaff, schema: { body: NoteInputSchema, response: { 201: StaffNoteSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const outcome = await saveNote(app, user, undefined, request.body);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      if ('stale' in outcome) return reply.code(409).send(detail(NOTE_MESSAGES.stale));
      // The editor's copy of the new note's words is the note now (a note made from a notebook leaves it be).
      await dropNoteAutosave(app.db, user.id, null);
      return reply.code(201).send(outcome);
    },
  );

  app.put(
    '/api/notes/manage/:id/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: NoteInputSchema, response: { 200: StaffNoteSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const outcome = await saveNote(app, user, request.params.id, request.body);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      if ('stale' in outcome) return reply.code(409).send(detail(NOTE_MESSAGES.stale));
      // The saver's copy of their unsaved changes is the note now.
      await dropNoteAutosave(app.db, user.id, outcome.id);
      return outcome;
    },
  );

  staffDeleteRoute(app, '/api/notes/manage/:id/', removeNote);

  /**
   * The signed-in staff member's copy of their unsaved changes to a note, which the editor keeps as they
   * type: at `new/` for the note they have not saved yet, at the note's id for a saved one. Private and
   * never a revision: the note changes only when they save in the editor (which drops the copy).
   */
  const autosaveRoutes = (path: string, noteOf: (params: unknown) => number | null, params?: typeof IdParamsSchema) => {
    app.get(
      path,
      { onRequest: app.requireStaff, schema: { ...(params && { params }), response: { 200: NoteAutosaveSchema, 204: NoContent, ...errorResponses } } },
      async (request, reply) => {
        const copy = await noteAutosaveOf(app.db, signedInUser(request).id, noteOf(request.params));
        if (copy === undefined) return reply.code(404).send(detail(MESSAGES.notFound));
        // None kept: nothing to recover.
        if (copy === null) return reply.code(204).send(null);
        return copy;
      },
    );
    app.put(
      path,
      {
        onRequest: app.requireStaff,
        schema: { ...(params && { params }), body: NoteInputSchema, response: { 200: Type.Object({ saved_at: Type.String() }), ...errorResponses } },
      },
      async (request, reply) => {
        const outcome = await keepNoteAutosave(app, signedInUser(request), noteOf(request.params), request.body);
        if (outcome === undefined) return reply.code(404).send(detail(MESSAGES.notFound));
        // Their editor's changes started from a version they have saved over since: theirs to keep in the browser.
        if ('superseded' in outcome) return reply.code(409).send(detail(NOTE_MESSAGES.stale));
        return outcome;
      },
    );
    app.delete(
      path,
      { onRequest: app.requireStaff, schema: { ...(params && { params }), response: { 204: NoContent, ...errorResponses } } },
      async (request, reply) => {
        await dropNoteAutosave(app.db, signedInUser(request).id, noteOf(request.params));
        return reply.code(204).send(null);
      },
    );
  };
  autosaveRoutes('/api/notes/manage/new/autosave/', () => null);
  autosaveRoutes('/api/notes/manage/:id/autosave/', (params) => (params as { id: number }).id, IdParamsSchema);

  /** The notebook of a form, or the field errors that keep it from being read. */
  const notebookUpload = (body: NotebookForm) => {
    const errors = new ErrorCollector();
    const upload = readUpload(errors, 'file', body.file);
    const hideCode = readFlag(errors, 'hide_code', body.hide_code);
    if (body.revision !== undefined && !/^\d{1,9}$/.test(body.revision)) errors.add('revision', MESSAGES.integer);
    const alts = readAltList(errors, body.alt);
    if (!upload || hideCode === undefined || !alts || errors.any) return { errors: errors.fields };
    return { upload: { filename: upload.filename, data: upload.data, hideCode, alts } };
  };

  // The notebook routes take a file of up to 20 MB, parsed in a worker thread; every other route keeps the 1 MB limit.
  await app.register(
    formRoutes(NOTEBOOK_LIMITS.fileBytes, async (forms) => {
      forms.post(
        '/api/notes/manage/notebook/preview/',
        staffForm(app, { body: NotebookFormSchema, response: { 200: NotebookPreviewSchema } }),
        async (request, reply) => {
          const read = notebookUpload(request.body);
          if (!read.upload) return reply.code(400).send(read.errors);
          const outcome = await previewNotebook(app, read.upload);
          if (!('html' in outcome)) return reply.code(400).send({ file: outcome.problems });
          return outcome;
        },
      );

      forms.post('/api/notes/manage/notebook/', staffForm(app, { body: NotebookFormSchema, response: { 201: StaffNoteSchema } }), async (request, reply) => {
        const read = notebookUpload(request.body);
        if (!read.upload) return reply.code(400).send(read.errors);
        const outcome = await saveNotebookNote(app, signedInUser(request), read.upload, { title: request.body.title?.trim() });
        if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
        if ('problems' in outcome) return reply.code(400).send(outcome.problems);
        if ('stale' in outcome) return reply.code(409).send(detail(NOTE_MESSAGES.stale));
        return reply.code(201).send(outcome);
      });

      forms.put(
        '/api/notes/manage/:id/notebook/',
        staffForm(app, { body: NotebookFormSchema, params: IdParamsSchema, response: { 200: StaffNoteSchema } }),
        async (request, reply) => {
          const read = notebookUpload(request.body);
          if (!read.upload) return reply.code(400).send(read.errors);
          const revision = request.body.revision === undefined ? undefined : Number(request.body.revision);
          const outcome = await saveNotebookNote(app, signedInUser(request), read.upload, { id: request.params.id, revision });
          if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
          if ('problems' in outcome) return reply.code(400).send(outcome.problems);
          if ('stale' in outcome) return reply.code(409).send(detail(NOTE_MESSAGES.stale));
          return outcome;
        },
      );
    }),
  );

  /** A published note's notebook, byte for byte as uploaded; a whole download counts for the note, as a document's does. */
  app.get('/api/notes/:slug/notebook/', { schema: { params: NoteSlugParamsSchema, response: fileResponses } }, async (request, reply) => {
    const row = await findPublishedNote(app.db, request.params.slug);
    if (!row?.notebook_key || row.slug !== request.params.slug) return reply.code(404).send(detail(MESSAGES.notFound));
    return sendStoredFile(request, reply, app.storage, {
      key: row.notebook_key,
      contentType: 'application/x-ipynb+json',
      cacheControl: 'no-cache',
      downloadName: row.notebook_name ?? `${row.slug}.ipynb`,
      onWholeFile: () => app.downloads.count({ notebook: row.id }),
      row: { table: 'notes', id: row.id },
    });
  });

  app.get(
    '/api/notes/manage/:id/revisions/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, response: { 200: Type.Array(NoteRevisionSchema), ...errorResponses } } },
    async (request, reply) => {
      if (!(await findNote(app.db, request.params.id))) return reply.code(404).send(detail(MESSAGES.notFound));
      return (await listRevisions(app.db, request.params.id)).map(toRevision);
    },
  );

  app.post(
    '/api/notes/manage/:id/restore/',
    { onRequest: app.requireStaff, schema: { params: IdParamsSchema, body: RestoreBodySchema, response: { 200: StaffNoteSchema, ...errorResponses } } },
    async (request, reply) => {
      const outcome = await restoreRevision(app, signedInUser(request), request.params.id, request.body.revision, request.body.started_from);
      if (!outcome) return reply.code(404).send(detail(MESSAGES.notFound));
      if ('problems' in outcome) return reply.code(400).send(outcome.problems);
      if ('stale' in outcome) return reply.code(409).send(detail(NOTE_MESSAGES.stale));
      return outcome;
    },
  );
};

export default notesRoutes;
