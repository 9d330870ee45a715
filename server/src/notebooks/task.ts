/**
 * The worker's whole work on an uploaded notebook: read and check it, make its Markdown, and render
 * the preview through the notes pipeline, problems named by cell. Pictures are decoded, never drawn,
 * here: they are shown as boxes with their alt text until a save stores them in the photo library.
 */
import { renderMarkdown } from '../markdown/render';
import { cellAt, type ConvertedNotebook, convertNotebook, markdownAlt, type NotebookPicture, withPictures } from './convert';
import { readNotebook } from './read';

export interface NotebookInput {
  data: Uint8Array;
  hideCode: boolean;
  /** A preview stores nothing: its pictures come back without their bytes, which stay off the event loop. */
  preview?: boolean;
}

const NO_BYTES = new Uint8Array(0);

export type NotebookOutcome = { problems: string[] } | { converted: ConvertedNotebook; html: string; problems: string[]; readingMinutes: number };

/**
 * Stands where a picture goes in the preview: the picture itself exists only once the note is saved.
 * An output's is a block of its own; an attachment's stays in its line of text.
 */
export function picturePlaceholder(picture: NotebookPicture, index: number): string {
  const words = markdownAlt(picture.alt ?? `Figure ${index + 1} (cell ${picture.cell}), no alt text yet`);
  return picture.output === null ? `**[Picture: ${words}]**` : `> **Picture:** ${words}`;
}

export async function notebookTask(input: NotebookInput): Promise<NotebookOutcome> {
  const read = readNotebook(input.data);
  if ('problems' in read) return read;
  const made = convertNotebook(read.notebook, { hideCode: input.hideCode });
  const converted = input.preview ? { ...made, pictures: made.pictures.map((picture) => ({ ...picture, data: NO_BYTES })) } : made;
  const rendered = await renderMarkdown(withPictures(converted.body, converted.pictures, picturePlaceholder), new Map());
  const problems = [
    ...converted.problems,
    ...rendered.problems.map((problem) => {
      const cell = cellAt(converted.cellLines, problem.line);
      return cell ? `Cell ${cell}: ${problem.message}` : problem.message;
    }),
  ];
  return { converted, html: rendered.html, problems, readingMinutes: rendered.readingMinutes };
}
