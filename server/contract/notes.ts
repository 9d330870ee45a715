/**
 * Notes: the owner's writing (Markdown with mathematics, code and charts), rendered by the server once
 * per save. Visitors see published notes only; staff see and edit every one.
 */
import { type Static, Type } from '@sinclair/typebox';

import { CheckedList, CheckedText, IdSchema, Nullable, pagePosition, SavedVersionSchema } from './index';
import { NoteNotebookSchema } from './notebooks';
import { NOTE_LIMITS } from './noteRules';

export { NOTE_LIMITS, NOTE_MESSAGES, NOTES_PER_PAGE, slugFromTitle } from './noteRules';

/** A draft is seen by staff only; a scheduled note is published by the server at `publish_at`. */
export const NoteStatusSchema = Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('published')]);
export type NoteStatus = Static<typeof NoteStatusSchema>;

/** A picture from the photo library, in the sizes it already has. */
export const NoteCoverSchema = Type.Object({
  id: IdSchema,
  alt: Type.String(),
  src: Type.String(),
  srcset: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type NoteCover = Static<typeof NoteCoverSchema>;

/** What a list of notes shows of each. */
export const NoteSummarySchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  /** When it was first published (ISO time). */
  published_at: Type.String(),
  /** When its text last changed after publication, or null. */
  revised_at: Nullable(Type.String()),
  reading_minutes: Type.Integer(),
  cover: Nullable(NoteCoverSchema),
});
export type NoteSummary = Static<typeof NoteSummarySchema>;

export const NoteListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    tag: Type.Optional(Type.String({ maxLength: NOTE_LIMITS.tag })),
    /** The home page's few. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTE_LIMITS.perPage })),
  },
  { additionalProperties: false },
);
export type NoteListQuery = Static<typeof NoteListQuerySchema>;

export const NoteListSchema = Type.Object({
  notes: Type.Array(NoteSummarySchema),
  ...pagePosition,
  /** Every tag of a published note, with how many notes carry it. */
  tags: Type.Array(Type.Object({ tag: Type.String(), count: Type.Integer() })),
});
export type NoteList = Static<typeof NoteListSchema>;

const NeighbourSchema = Nullable(Type.Object({ slug: Type.String(), title: Type.String() }));

/** A heading of a note's body that its table of contents leads to. */
export const OutlineEntrySchema = Type.Object({
  id: Type.String(),
  /** 2 for a section, 3 for a subsection. */
  level: Type.Union([Type.Literal(2), Type.Literal(3)]),
  text: Type.String(),
});
export type OutlineEntry = Static<typeof OutlineEntrySchema>;

/** A published note as visitors read it. `slug` is its own address, which may differ from the one asked for. */
export const PublicNoteSchema = Type.Object({
  ...NoteSummarySchema.properties,
  /** Sanitised HTML rendered by the server. */
  html: Type.String(),
  /** The body's sections and subsections, in order, for its table of contents. */
  outline: Type.Array(OutlineEntrySchema),
  previous: NeighbourSchema,
  next: NeighbourSchema,
  /** The notebook the note was made from, to download; absent for notes written in the editor. */
  notebook: Type.Optional(NoteNotebookSchema),
});
export type PublicNote = Static<typeof PublicNoteSchema>;

export const NoteSlugParamsSchema = Type.Object({ slug: Type.String({ maxLength: 200 }) });

/** What staff write. */
export const NoteInputSchema = Type.Object(
  {
    title: CheckedText(NOTE_LIMITS.title),
    slug: CheckedText(NOTE_LIMITS.slug),
    summary: CheckedText(NOTE_LIMITS.summary),
    tags: CheckedList(CheckedText(NOTE_LIMITS.tag), NOTE_LIMITS.tags),
    cover_image: Nullable(IdSchema),
    /** Counted in bytes by the server (NOTE_LIMITS.bodyBytes); the schema leaves room for the message. */
    body: CheckedText(NOTE_LIMITS.bodyBytes),
    /** Keep as a draft, publish now, or publish at `publish_at`. */
    publish: Type.Union([Type.Literal('draft'), Type.Literal('now'), Type.Literal('schedule')]),
    publish_at: Nullable(Type.String({ maxLength: 40 })),
    /** The revision the editor started from (absent for a new note): a save over someone else's is refused. */
    revision: Type.Optional(IdSchema),
  },
  { additionalProperties: false },
);
export type NoteInput = Static<typeof NoteInputSchema>;

/**
 * A staff member's unsaved changes to a note, kept by the editor as they type: what a save would send
 * (with the revision the changes started from). It is a private copy: the note, what visitors see and
 * its revisions change only when the owner saves.
 */
export const NoteAutosaveSchema = Type.Object({ input: NoteInputSchema, saved_at: Type.String() });
export type NoteAutosave = Static<typeof NoteAutosaveSchema>;

/** A note as staff edit it. */
export const StaffNoteSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  slug: Type.String(),
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  cover_image: Nullable(IdSchema),
  body: Type.String(),
  status: NoteStatusSchema,
  publish_at: Nullable(Type.String()),
  published_at: Nullable(Type.String()),
  updated_at: Type.String(),
  /** The newest revision: what a save must start from. */
  revision: IdSchema,
  /** Earlier addresses that redirect here. */
  old_slugs: Type.Array(Type.String()),
});
export type StaffNote = Static<typeof StaffNoteSchema>;

export const StaffNoteSummarySchema = Type.Pick(StaffNoteSchema, ['id', 'title', 'slug', 'status', 'publish_at', 'published_at', 'updated_at']);
export type StaffNoteSummary = Static<typeof StaffNoteSummarySchema>;

/** A saved revision of a note; `changed` names the fields it changed ('Title', 'Body', …). */
export const NoteRevisionSchema = Type.Object({ ...SavedVersionSchema.properties, title: Type.String(), body: Type.String() });
export type NoteRevision = Static<typeof NoteRevisionSchema>;

/** A problem in the body, by line (1-based), as the preview and a refused save name it. */
export const BodyProblemSchema = Type.Object({ line: Type.Integer(), message: Type.String() });
export type BodyProblem = Static<typeof BodyProblemSchema>;

export const PreviewInputSchema = Type.Object({ body: CheckedText(NOTE_LIMITS.bodyBytes) }, { additionalProperties: false });
export const PreviewSchema = Type.Object({ html: Type.String(), problems: Type.Array(BodyProblemSchema), reading_minutes: Type.Integer() });
export type Preview = Static<typeof PreviewSchema>;
