/**
 * Publications and working papers: imported from BibTeX by staff, listed on the Research page.
 * Titles and abstracts come with an HTML form whose mathematics the server rendered (MathML).
 */
import { type Static, Type } from '@sinclair/typebox';

import { IdSchema, Nullable } from './index';

export const PublicationSchema = Type.Object({
  id: IdSchema,
  cite_key: Type.String(),
  /** The BibTeX entry type, lower case: article, misc, techreport... */
  entry_type: Type.String(),
  /** Plain text; mathematics left as its TeX source. */
  title: Type.String(),
  /** Escaped text with the mathematics as MathML. */
  title_html: Type.String(),
  authors: Type.Array(Type.String()),
  venue: Type.String(),
  year: Nullable(Type.Integer()),
  doi: Type.String(),
  arxiv: Type.String(),
  ssrn: Type.String(),
  url: Type.String(),
  abstract: Type.String(),
  abstract_html: Type.String(),
  /** The entry as it was imported, for visitors to cite. */
  bibtex: Type.String(),
  is_working_paper: Type.Boolean(),
  /** The attached paper (a document), or null. */
  document: Nullable(IdSchema),
  /** Where visitors download the attached paper; empty without one. */
  paper_url: Type.String(),
  position: Type.Integer(),
});
export type Publication = Static<typeof PublicationSchema>;

/** At most this much BibTeX in one import (a whole bibliography fits many times over). */
export const BIBTEX_MAX_CHARS = 1_000_000;

export const BibtexImportSchema = Type.Object({ bibtex: Type.String({ maxLength: BIBTEX_MAX_CHARS }) }, { additionalProperties: false });
export type BibtexImport = Static<typeof BibtexImportSchema>;

/** What an import would do, shown before it is applied. */
export const ImportPlanSchema = Type.Object({
  added: Type.Array(Type.Object({ cite_key: Type.String(), title: Type.String() })),
  updated: Type.Array(Type.Object({ cite_key: Type.String(), title: Type.String(), changes: Type.Array(Type.String()) })),
  unchanged: Type.Array(Type.String()),
});
export type ImportPlan = Static<typeof ImportPlanSchema>;

export const PublicationUpdateSchema = Type.Object(
  {
    /** The entry's BibTeX, re-read and re-rendered; its citation key must stay the same. */
    bibtex: Type.Optional(Type.String({ maxLength: 20_000 })),
    is_working_paper: Type.Optional(Type.Boolean()),
    document: Type.Optional(Nullable(IdSchema)),
  },
  { additionalProperties: false },
);
export type PublicationUpdate = Static<typeof PublicationUpdateSchema>;

/** Every publication's id, in the order visitors should see them within a year. */
export const PublicationOrderSchema = Type.Object({ ids: Type.Array(IdSchema, { maxItems: 1000 }) }, { additionalProperties: false });
export type PublicationOrder = Static<typeof PublicationOrderSchema>;
