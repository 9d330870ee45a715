/**
 * The worker's whole work on an uploaded notebook: read and check it, make its Markdown, and render
 * the preview through the notes pipeline, problems named by cell. Pictures are shown as boxes with
 * their alt text until a save stores them in the photo library.
 */
import { renderMarkdown } from '../markdown/render';
import { cellAt, type ConvertedNotebook, convertNotebook, withPictures } from './convert';
import { readNotebook } from './read';

export interface NotebookInput {
  data: Uint8Array;
  hideCode: boolean;
}

export type NotebookOutcome = { problems: string[] } | { converted: ConvertedNotebook; html: string; problems: string[]; readingMinutes: number };

/** Stands where a picture goes in the preview: the picture itself exists only once the note is saved. */
export const picturePlaceholder = (alt: string) => `> **Picture:** ${alt}`;

export async function notebookTask(input: NotebookInput): Promise<NotebookOutcome> {
  const read = readNotebook(input.data);
  if ('problems' in read) return read;
  const converted = convertNotebook(read.notebook, { hideCode: input.hideCode });
  const rendered = await renderMarkdown(
    withPictures(converted.body, converted.pictures, (picture) => picturePlaceholder(picture.alt)),
    new Map(),
  );
  const problems = [
    ...converted.problems,
    ...rendered.problems.map((problem) => {
      const cell = cellAt(converted.cellLines, problem.line);
      return cell ? `Cell ${cell}: ${problem.message}` : problem.message;
    }),
  ];
  return { converted, html: rendered.html, problems, readingMinutes: rendered.readingMinutes };
}
