/**
 * Notes made from Jupyter notebooks (nbformat 4): the limits, the messages, and what the preview
 * and a published note say of the notebook. Free of server code so that the SPA can use the limits.
 */
import { type Static, Type } from '@sinclair/typebox';

import { Nullable } from './index';

export const NOTEBOOK_LIMITS = {
  /** The `.ipynb` file, outputs included. */
  fileBytes: 20 * 1024 * 1024,
  cells: 2_000,
  /** Text one cell's outputs may print (streams, tracebacks, tables). */
  outputTextBytes: 1_000_000,
  /** One picture an output draws, decoded. */
  pictureBytes: 10 * 1024 * 1024,
  /** Lines of a long text output shown before the rest is folded under "Show all". */
  shownLines: 20,
  /** Lines of a text output the note keeps at all. */
  keptLines: 500,
  /** A figure's alt text, given in the notebook or by the staff on saving. */
  altChars: 1000,
} as const;

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export const NOTEBOOK_MESSAGES = {
  notUtf8: 'This file is not a notebook: it is not UTF-8 text.',
  notJson: (reason: string) => `This file is not a notebook: it is not valid JSON (${reason}).`,
  notNotebook: 'This file is not a notebook: it has no nbformat, metadata and cells.',
  version: (version: string) => `This notebook is in nbformat ${version}; the site reads nbformat 4: open and save it in Jupyter 4 or later.`,
  tooManyCells: (cells: number) =>
    `A notebook has at most ${NOTEBOOK_LIMITS.cells.toLocaleString('en')} cells; this one has ${cells.toLocaleString('en')}: split it.`,
  outputText: (bytes: number) =>
    `its outputs print ${mb(bytes)} of text; at most ${mb(NOTEBOOK_LIMITS.outputTextBytes)}: print less, or tag the cell remove-output.`,
  picture: (type: string, bytes: number) => `its ${type} output is ${mb(bytes)}; a picture is at most ${mb(NOTEBOOK_LIMITS.pictureBytes)}.`,
  notBase64: (type: string, holder = 'output') => `${holder} of type ${type} is not base64.`,
  picturesRefused: (cell: number, why: string) => `Cell ${cell}: this picture cannot be stored: ${why}`,
  interactive: 'Interactive output not shown.',
  attachmentMissing: (name: string) => `the picture attachment:${name} is not attached to the cell.`,
  altMissing: (figure: number, cell: number) => `Figure ${figure} (cell ${cell}) has no alt text: describe it for readers who cannot see it.`,
  altTooLong: (figure: number, cell: number) =>
    `Figure ${figure} (cell ${cell}): alt text is at most ${NOTEBOOK_LIMITS.altChars.toLocaleString('en')} characters.`,
  altList: 'Send the alt text as a JSON list of {"cell", "output" or "attachment", "alt"}.',
  noSuchFigure: (cell: number, where: string) => `Cell ${cell} has no figure at ${where}.`,
} as const;

/** A picture of the notebook: an output's, or a Markdown cell's attachment. */
export const NotebookFigureSchema = Type.Object({
  /** Its place among the notebook's figures, from 1. */
  number: Type.Integer(),
  /** The cell it is in, from 1. */
  cell: Type.Integer(),
  /** The output of the cell that draws it, from 1; null for an attachment. */
  output: Nullable(Type.Integer()),
  /** The attachment's name (`attachment:NAME` in the cell's Markdown); null for an output. */
  attachment: Nullable(Type.String()),
  /** Its MIME type in the notebook. */
  type: Type.String(),
  /** The alt text the notebook gives it (cell metadata, Quarto's fig-alt or fig-cap, the Markdown's brackets); null when none. */
  alt: Nullable(Type.String()),
});
export type NotebookFigure = Static<typeof NotebookFigureSchema>;

/**
 * Alt text given on saving (the form's `alt` field, as JSON), each naming its figure by cell and
 * output, or by cell and attachment. It replaces the notebook's own.
 */
export const FigureAltListSchema = Type.Array(
  Type.Object(
    {
      cell: Type.Integer({ minimum: 1 }),
      output: Type.Optional(Type.Integer({ minimum: 1 })),
      attachment: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
      alt: Type.String(),
    },
    { additionalProperties: false },
  ),
  { maxItems: NOTEBOOK_LIMITS.cells * 4 },
);
export type FigureAlt = Static<typeof FigureAltListSchema>[number];

/** What the staff see before anything is saved. */
export const NotebookPreviewSchema = Type.Object({
  /** From the first heading (or the front matter's title); empty when there is none. */
  title: Type.String(),
  html: Type.String(),
  /** What a save would refuse, each starting with its cell ("Cell 12: …") where it has one. */
  problems: Type.Array(Type.String()),
  reading_minutes: Type.Integer(),
  kernel: Nullable(Type.String()),
  last_run: Nullable(Type.String()),
  /** Every figure, in the notebook's order: they join the photo library on saving, each with its alt text. */
  figures: Type.Array(NotebookFigureSchema),
});
export type NotebookPreview = Static<typeof NotebookPreviewSchema>;

/** The notebook a note was made from, offered to its readers. */
export const NoteNotebookSchema = Type.Object({
  url: Type.String(),
  kernel: Nullable(Type.String()),
  /** When it was last run (ISO time), when its metadata says so. */
  last_run: Nullable(Type.String()),
});
export type NoteNotebook = Static<typeof NoteNotebookSchema>;
