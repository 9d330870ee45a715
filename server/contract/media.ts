/**
 * Request bodies of the documents, photos and galleries calls. Forms are
 * multipart/form-data: their text fields arrive as strings and their file fields as files.
 */
import { type Static, Type } from '@sinclair/typebox';

import { FIELD_LIMITS } from './fieldLimits';
import { IdSchema, Nullable } from './index';

export const GALLERY_NAME_MAX = FIELD_LIMITS.galleryName;
export const CATEGORY_NAME_MAX = FIELD_LIMITS.categoryName;
export const DOCUMENT_NAME_MAX = FIELD_LIMITS.documentName;
export const IMAGE_TITLE_MAX = FIELD_LIMITS.imageTitle;
export const DESCRIPTION_MAX = FIELD_LIMITS.description;

/** A gallery and a category are both a name with a description: created alike, checked alike. */
const NamedItemCreateSchema = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
});

/** `POST /api/photos/galleries/`. */
export const GalleryCreateSchema = NamedItemCreateSchema;
export type GalleryCreate = Static<typeof GalleryCreateSchema>;

/** `PATCH /api/photos/galleries/update/{id}/`. */
export const GalleryUpdateSchema = Type.Partial(GalleryCreateSchema);
export type GalleryUpdate = Static<typeof GalleryUpdateSchema>;

/** `POST /api/documents/categories/`. */
export const CategoryCreateSchema = NamedItemCreateSchema;
export type CategoryCreate = Static<typeof CategoryCreateSchema>;

/** `PATCH /api/documents/categories/{id}/`: a new name, a new description, or both. */
export const CategoryUpdateSchema = Type.Partial(CategoryCreateSchema);
export type CategoryUpdate = Static<typeof CategoryUpdateSchema>;

/**
 * `DELETE /api/documents/categories/{id}/`. A category holding documents is deleted only with
 * `move_to`, the category its documents move to in the same step.
 */
export const CategoryDeleteQuerySchema = Type.Object({ move_to: Type.Optional(IdSchema) });
export type CategoryDeleteQuery = Static<typeof CategoryDeleteQuerySchema>;

/**
 * `PATCH /api/documents/documents/{id}/`, as JSON or as form data. Mark Current sends
 * `{is_current: true, category}`: the document becomes current and the category's other documents
 * stop being current. The edit form sends every field as form data (`category` empty for none,
 * `is_current` `true` or `false`), with `file` when the document's file is replaced: the document
 * keeps its id, its download address and its download counts.
 */
export const DocumentUpdateSchema = Type.Object({
  is_current: Type.Optional(Type.Boolean()),
  category: Type.Optional(Nullable(IdSchema)),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
});
export type DocumentUpdate = Static<typeof DocumentUpdateSchema>;

/** `GET /api/photos/images/`: only the images of the gallery with this slug. */
export const ImageListQuerySchema = Type.Object({
  gallery_slug: Type.Optional(Type.String({ maxLength: 120 })),
});
export type ImageListQuery = Static<typeof ImageListQuerySchema>;

/** Downloads per week of each document downloaded lately, for the staff dashboard. */
export const DownloadStatsSchema = Type.Object({
  /** The Mondays (UTC) the counts start on, oldest first. */
  weeks: Type.Array(Type.String()),
  documents: Type.Array(
    Type.Object({
      id: IdSchema,
      name: Type.String(),
      category_name: Nullable(Type.String()),
      is_current: Type.Boolean(),
      /** One number per week, in the order of `weeks`. */
      counts: Type.Array(Type.Integer()),
      total: Type.Integer(),
    }),
  ),
  /** The notebooks of notes downloaded in those weeks, likewise (by the note's id); absent when none was. */
  notebooks: Type.Optional(
    Type.Array(
      Type.Object({
        id: IdSchema,
        title: Type.String(),
        counts: Type.Array(Type.Integer()),
        total: Type.Integer(),
      }),
    ),
  ),
});
export type DownloadStats = Static<typeof DownloadStatsSchema>;
