import { NOTEBOOK_LIMITS, type NotebookFigure } from '@/contract/notebooks';

/** A figure the staff must describe before saving: the notebook gives it no alt text, or one past the limit. */
export const needsAlt = (figure: NotebookFigure) => figure.alt === null || [...figure.alt].length > NOTEBOOK_LIMITS.altChars;

const PICTURE_TYPE = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;
const textOf = (value: unknown) => (Array.isArray(value) ? value.join('') : typeof value === 'string' ? value : undefined);

/**
 * Each figure's picture as a data address, read from the file the staff chose (the server has named
 * its cell, output or attachment and type), so that it shows beside the field that describes it. A
 * picture the file does not hold is left out; the server checks the file either way.
 */
export async function figurePictures(file: File, figures: NotebookFigure[]): Promise<Map<number, string>> {
  const pictures = new Map<number, string>();
  let notebook: { cells?: { outputs?: { data?: Record<string, unknown> }[]; attachments?: Record<string, Record<string, unknown>> }[] };
  try {
    notebook = JSON.parse(await file.text()) as typeof notebook;
  } catch {
    return pictures;
  }
  for (const figure of figures) {
    if (!PICTURE_TYPE.test(figure.type)) continue;
    const cell = notebook?.cells?.[figure.cell - 1];
    const bundle = figure.output === null ? cell?.attachments?.[figure.attachment ?? ''] : cell?.outputs?.[figure.output - 1]?.data;
    const text = textOf(bundle?.[figure.type]);
    if (!text) continue;
    // An SVG in an img element runs no script and fetches nothing.
    pictures.set(
      figure.number,
      figure.type === 'image/svg+xml'
        ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`
        : `data:${figure.type};base64,${text.replace(/\s/g, '')}`,
    );
  }
  return pictures;
}
