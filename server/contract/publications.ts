/**
 * Publications and working papers: imported from BibTeX by staff, listed on the Research page.
 * Titles and abstracts come with an HTML form whose mathematics the server rendered (MathML).
 */
import { type Static, Type } from '@sinclair/typebox';

import { IdSchema, Nullable, OneOf } from './index';
import { CITATION_FORMATS, type CitationFormat } from './publicationRules';
import { TalkOnPaperSchema } from './talks';

/** A value a list can be filtered by: its form in addresses and its name. */
export const FacetSchema = Type.Object({ slug: Type.String(), name: Type.String() });
export type Facet = Static<typeof FacetSchema>;

export const PublicationSchema = Type.Object({
  id: IdSchema,
  cite_key: Type.String(),
  /** The paper's page is /research/KEY: the citation key made fit for an address (lower case, hyphens). */
  key: Type.String(),
  /** The BibTeX entry type, lower case: article, misc, techreport... */
  entry_type: Type.String(),
  /** What kind of work it is for visitors (Journal article, Working paper...), by which the list is filtered. */
  kind: FacetSchema,
  /** Plain text; mathematics left as its TeX source. */
  title: Type.String(),
  /** Plain text with the mathematics as readable characters (∂θ E[f(X)]), for accessible names, page heads and citations. */
  title_text: Type.String(),
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
  /** The entry's BibTeX `keywords`, by which the list is filtered. */
  topics: Type.Array(FacetSchema),
  /** Further material named by the entry's fields (code, slides, data, video, poster). */
  links: Type.Array(Type.Object({ label: Type.String(), href: Type.String() })),
  /** Chosen by staff for the home page. */
  selected: Type.Boolean(),
  position: Type.Integer(),
  updated_at: Type.String(),
});
export type Publication = Static<typeof PublicationSchema>;

/** What a publication is wherever it is shown: all but its abstract. */
const PublicationCoreSchema = Type.Omit(PublicationSchema, ['abstract', 'abstract_html']);
export type PublicationCore = Static<typeof PublicationCoreSchema>;
/**
 * A publication as the list of them (the Research page) gives it: its abstract only said to exist, and
 * read from the paper's page when a visitor opens it. Abstracts with formulas were three quarters of the
 * list, which grew by about 12 KB a paper (5 MB and 0.3 s to render for 400 papers).
 */
export const ListedPublicationSchema = Type.Composite([PublicationCoreSchema, Type.Object({ has_abstract: Type.Boolean() })]);
export type ListedPublication = Static<typeof ListedPublicationSchema>;

/** A paper staff chose for the home page: only what its short form there shows, so that the page stays light. */
export const SelectedPaperSchema = Type.Pick(PublicationSchema, ['id', 'key', 'title_html', 'title_text', 'authors', 'venue', 'year']);
export type SelectedPaper = Static<typeof SelectedPaperSchema>;

/**
 * The ways to cite a paper: APA and Chicago as plain text (to copy) and as HTML with their italics (to
 * show), BibTeX and RIS. All but the BibTeX are empty for the moments after the paper changed, until the
 * server has formatted them in the background.
 */
export const CitationsSchema = Type.Object({
  apa: Type.String(),
  chicago: Type.String(),
  bibtex: Type.String(),
  ris: Type.String(),
  /** HTML holding text and `<i>`, `<em>`, `<b>`, `<sup>` or `<sub>` only. */
  apa_html: Type.String(),
  chicago_html: Type.String(),
});
export type Citations = Static<typeof CitationsSchema>;

/** Where and how a paper appeared, as its entry says (empty where it says nothing): what Google Scholar reads. */
export const PublishedInSchema = Type.Object({
  volume: Type.String(),
  issue: Type.String(),
  first_page: Type.String(),
  last_page: Type.String(),
  /** The institution that issued a report or a thesis. */
  institution: Type.String(),
  /** A report's number. */
  number: Type.String(),
});
export type PublishedIn = Static<typeof PublishedInSchema>;

/** A paper's own page: the publication, the ways to cite it, and whether its attached paper is a PDF. */
export const PaperSchema = Type.Composite([
  PublicationSchema,
  Type.Object({
    /** The abstract as plain text, the mathematics as readable characters (for the page's description). */
    abstract_text: Type.String(),
    paper_is_pdf: Type.Boolean(),
    published_in: PublishedInSchema,
    citations: CitationsSchema,
    /** The talks given on it, the latest first. */
    talks: Type.Array(TalkOnPaperSchema),
  }),
]);
export type Paper = Static<typeof PaperSchema>;

export const PaperKeyParamsSchema = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }) });
export const PaperFileParamsSchema = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }), extension: Type.String({ maxLength: 10 }) });
export const CitationParamsSchema = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  format: OneOf(...(Object.keys(CITATION_FORMATS) as CitationFormat[])),
});

/** At most this much BibTeX in one import (a whole bibliography fits many times over). */
export const BIBTEX_MAX_CHARS = 1_000_000;

export const BibtexImportSchema = Type.Object({ bibtex: Type.String({ maxLength: BIBTEX_MAX_CHARS }) }, { additionalProperties: false });
export type BibtexImport = Static<typeof BibtexImportSchema>;

/** What an import would do, shown before it is applied; titles as plain text, their formulas as readable characters. */
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
    selected: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PublicationUpdate = Static<typeof PublicationUpdateSchema>;

/** Every publication's id, in the order visitors should see them within a year (the list is by year, newest first, whatever this order). */
export const PublicationOrderSchema = Type.Object({ ids: Type.Array(IdSchema, { maxItems: 1000 }) }, { additionalProperties: false });
export type PublicationOrder = Static<typeof PublicationOrderSchema>;
