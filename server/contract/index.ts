/**
 * The API's shapes, shared by the server (route schemas) and the SPA (`import type` only).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** The schema or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Text the server checks against `limit` itself, to answer in the product's words: the schema refuses
 * only what is far longer (twice the limit), so that a value a little too long gets that message.
 */
export const CheckedText = (limit: number) => Type.String({ maxLength: limit * 2 });
/** A list the server counts against `limit` itself, likewise. */
export const CheckedList = <T extends TSchema>(item: T, limit: number) => Type.Array(item, { maxItems: limit * 2 });

/** Where a page of a list stands: its number, how many pages there are, and how many items in all. */
export const pagePosition = { page: Type.Integer(), pages: Type.Integer(), total: Type.Integer() };

/** One of a fixed set of words. */
export const OneOf = <T extends string>(...words: T[]) => Type.Union(words.map((word) => Type.Literal(word)));

/** Ids are 32-bit integers in both databases; larger numbers are refused before they reach a query. */
export const ID_MAX = 2147483647;
export const IdSchema = Type.Integer({ minimum: 1, maximum: ID_MAX });
/** A route with one `{id}` in its path. */
export const IdParamsSchema = Type.Object({ id: IdSchema });

export const UserSchema = Type.Object({
  id: IdSchema,
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  interest_notes: Type.String(),
  is_staff: Type.Boolean(),
  date_joined: Type.String(),
  last_login: Nullable(Type.String()),
});
export type User = Static<typeof UserSchema>;

export const TokenPairSchema = Type.Object({ access: Type.String(), refresh: Type.String() });

export const LoginResponseSchema = Type.Object({ access: Type.String(), refresh: Type.String(), user: UserSchema });
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const RefreshResponseSchema = Type.Object({ access: Type.String(), refresh: Type.Optional(Type.String()) });
export type RefreshResponse = Static<typeof RefreshResponseSchema>;

/**
 * Every refused call answers in one shape: `{"detail": "message"}`, or lists of messages keyed by field
 * name (`{"email": ["..."], "non_field_errors": ["..."]}`), as Django REST framework answers.
 */
export const ErrorBodySchema = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]));
export type ErrorBody = Static<typeof ErrorBodySchema>;

export const DetailSchema = Type.Object({ detail: Type.String() });
export type Detail = Static<typeof DetailSchema>;

/** What galleries, document categories and documents all have. */
const namedItem = { id: IdSchema, name: Type.String(), description: Type.String() };

export const GallerySchema = Type.Object({ ...namedItem, slug: Type.String() });
export type Gallery = Static<typeof GallerySchema>;

/** WebP renditions of an image, for srcset. */
export const ImageSizesSchema = Type.Object({
  thumb: Type.String(),
  banner: Type.String(),
  large: Type.String(),
});

export const ImageSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  description: Type.String(),
  gallery: Nullable(IdSchema),
  gallery_name: Nullable(Type.String()),
  /** The kept original (metadata stripped). */
  image_url: Type.String(),
  image: Type.String(),
  sizes: ImageSizesSchema,
  width: Type.Integer(),
  height: Type.Integer(),
  uploaded_at: Type.String(),
});
export type Image = Static<typeof ImageSchema>;

/** A document category, with how many documents it holds (a category holding any cannot simply be deleted). */
export const DocumentCategorySchema = Type.Object({ ...namedItem, document_count: Type.Integer({ minimum: 0 }) });
export type DocumentCategory = Static<typeof DocumentCategorySchema>;

export const DocumentSchema = Type.Object({
  ...namedItem,
  category: Nullable(IdSchema),
  category_name: Nullable(Type.String()),
  is_current: Type.Boolean(),
  uploaded_at: Type.String(),
  download_url: Type.String(),
  file: Type.String(),
  original_filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
});
export type Document = Static<typeof DocumentSchema>;

/** One save in a history of edits (a note's revisions, the site's words): when, by whom, and what it changed, in words. */
export const SavedVersionSchema = Type.Object({ id: IdSchema, saved_at: Type.String(), saved_by: Type.String(), changed: Type.Array(Type.String()) });
export type SavedVersion = Static<typeof SavedVersionSchema>;

export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
/** What a load balancer's readiness check reads: the whole and each part the site needs. */
export const ReadinessSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  storage: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  /** Whether the server is shedding load (answering 503 with Retry-After). */
  load: Type.Union([Type.Literal('ok'), Type.Literal('busy')]),
  /** Whether the worker threads for heavy work have loaded what they need (they start with the site). */
  workers: Type.Union([Type.Literal('ok'), Type.Literal('starting')]),
});
