/**
 * A checked notebook made a note's Markdown body, cell by cell, so that it is rendered, sanitised,
 * revised and edited like any note. Markdown cells are kept as written; code is a fenced block in the
 * kernel's language; outputs become text blocks, pictures (stored in the photo library on save),
 * sanitised HTML tables, or Markdown. Cell tags follow Jupyter Book: remove-cell, remove-input,
 * remove-output, hide-input, hide-output, hide-cell; Quarto's `#| echo: false` and the like too.
 */
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import stripAnsi from 'strip-ansi';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import { NOTEBOOK_LIMITS, NOTEBOOK_MESSAGES } from '../../contract/notebooks';
import { type ICell, type IOutput, joined, type Notebook } from './read';

/** A picture an output draws, or a Markdown cell's attachment: stored in the photo library when the note is saved. */
export interface NotebookPicture {
  /** Stands in the body where the picture goes, until the library gives it an id. */
  token: string;
  type: string;
  /** PNG, JPEG, GIF or WebP bytes (decoded, never drawn here); for `image/svg+xml`, the sanitised SVG to rasterise. */
  data: Uint8Array;
  /** The notebook's alt text for it; null when it gives none, and the staff give it on saving. */
  alt: string | null;
  cell: number;
  /** The output of the cell that draws it, from 1; null for an attachment. */
  output: number | null;
  /** The attachment's name; null for an output. */
  attachment: string | null;
}

export interface ConvertedNotebook {
  title: string;
  body: string;
  pictures: NotebookPicture[];
  kernel: string | null;
  lastRun: string | null;
  /** The body's first line of each cell's Markdown, ascending, so that a problem's line names its cell. */
  cellLines: { line: number; cell: number }[];
  problems: string[];
}

const INTERACTIVE = /^application\/(vnd\.(plotly|bokehjs|jupyter\.widget|vega|vegalite|holoviews)|javascript)/;
const PICTURE_ORDER = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];
const TEXT_ORDER = ['text/html', 'text/markdown', 'text/latex', 'text/plain'];
const QUARTO_OPTION = /^#\|\s*([\w-]+)\s*:\s*(.*?)\s*$/;

const htmlSanitizer = unified()
  .use(rehypeSanitize, { ...defaultSchema, strip: ['script', 'style', 'template', 'noscript', 'svg', 'math'] })
  .use(rehypeStringify);
const svgPrinter = unified().use(rehypeStringify, { space: 'svg' });

/** A fence that no run of backticks in the text can close. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

const disclosure = (summary: string, inner: string) => `<details>\n<summary>${summary}</summary>\n\n${inner}\n\n</details>`;

/** Text as printed, colours dropped; a long one shows its first lines and folds the rest. */
function textBlock(raw: string): string {
  const lines = stripAnsi(raw).replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const kept = lines.slice(0, NOTEBOOK_LIMITS.keptLines);
  const cut = lines.length - kept.length;
  const tail = cut ? `\n\n*${cut.toLocaleString('en')} more lines not shown.*` : '';
  if (kept.length <= NOTEBOOK_LIMITS.shownLines) return fenced(kept.join('\n'), 'text') + tail;
  const rest = kept.slice(NOTEBOOK_LIMITS.shownLines);
  return `${fenced(kept.slice(0, NOTEBOOK_LIMITS.shownLines).join('\n'), 'text')}\n\n${disclosure(`Show ${rest.length} more lines`, fenced(rest.join('\n'), 'text'))}${tail}`;
}

/** An HTML output (a pandas table) sanitised here already, and kept as one HTML block of the Markdown. */
function htmlBlock(html: string): string {
  const tree = htmlSanitizer.runSync(fromHtml(html, { fragment: true })) as Root;
  const clean = htmlSanitizer.stringify(tree).trim();
  // A blank line would end the HTML block and let Markdown read the rest.
  return clean ? `<div>\n${clean.replace(/\n\s*\n/g, '\n')}\n</div>` : '';
}

const EXTERNAL_URL = /url\(\s*['"]?(?!#)|@import/i;

/** An SVG without scripts, handlers, foreign content or anything fetched from elsewhere, ready to rasterise. */
export function sanitisedSvg(svg: string): string | undefined {
  const tree = fromHtml(svg, { fragment: true });
  let root: Element | undefined;
  visit(tree, 'element', (node, index, parent) => {
    if (['script', 'foreignObject', 'iframe', 'object', 'embed', 'audio', 'video', 'a'].includes(node.tagName) && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.tagName === 'style' && node.children.some((child) => child.type === 'text' && EXTERNAL_URL.test(child.value))) node.children = [];
    for (const [name, value] of Object.entries(node.properties)) {
      const text = String(value);
      const isLink = /^(href|xLinkHref|src)$/i.test(name) && !text.startsWith('#');
      if (/^on/i.test(name) || isLink || (name === 'style' && EXTERNAL_URL.test(text))) delete node.properties[name];
    }
    if (node.tagName === 'svg') root ??= node;
    return undefined;
  });
  return root ? svgPrinter.stringify({ type: 'root', children: [root] }) : undefined;
}

/** Alt text written between a Markdown image's brackets. */
export const markdownAlt = (alt: string) =>
  alt
    .replace(/\s+/g, ' ')
    .replace(/[[\]\\]/g, '\\$&')
    .trim();

/** The picture a MIME bundle holds (the first type shown), decoded but not drawn; or why it is refused. */
function pictureIn(data: Record<string, unknown>): { type: string; bytes: Uint8Array } | { problem: string } | undefined {
  const type = PICTURE_ORDER.find((candidate) => candidate in data);
  if (!type) return undefined;
  // Base64 was checked when the file was read; the decoder skips its line breaks.
  const bytes = type === 'image/svg+xml' ? new TextEncoder().encode(sanitisedSvg(joined(data[type])) ?? '') : Buffer.from(joined(data[type]), 'base64');
  if (bytes.length > NOTEBOOK_LIMITS.pictureBytes) return { problem: NOTEBOOK_MESSAGES.picture(type, bytes.length) };
  return bytes.length ? { type, bytes } : undefined;
}

/** `![alt](attachment:name "title")` in a Markdown cell (Jupyter writes pasted and dropped pictures so). */
const ATTACHED_IMAGE = /!\[((?:\\.|[^\]\\])*)\]\(\s*<?attachment:([^\s)>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;

/** The attachment a reference names (as written, or URL-encoded as some editors write it): its name and MIME bundle. */
function attachmentNamed(attachments: Record<string, unknown>, reference: string): { name: string; bundle: Record<string, unknown> } | undefined {
  let decoded = reference;
  try {
    decoded = decodeURIComponent(reference);
  } catch {
    // A stray % is part of the name.
  }
  const name = Object.hasOwn(attachments, reference) ? reference : decoded;
  const bundle = Object.hasOwn(attachments, name) ? attachments[name] : undefined;
  return typeof bundle === 'object' && bundle !== null ? { name, bundle: bundle as Record<string, unknown> } : undefined;
}

/** Quarto's `#| key: value` lines at the top of a code cell. */
function quartoOptions(source: string): { options: Map<string, string>; code: string } {
  const lines = source.split('\n');
  const options = new Map<string, string>();
  let at = 0;
  for (; at < lines.length; at += 1) {
    const option = QUARTO_OPTION.exec(lines[at]);
    if (!option) break;
    options.set(option[1], option[2].replace(/^["']|["']$/g, ''));
  }
  return { options, code: lines.slice(at).join('\n') };
}

const stringOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

function kernelOf(notebook: Notebook): { kernel: string | null; language: string } {
  const spec = notebook.metadata.kernelspec;
  const info = notebook.metadata.language_info;
  const kernel = stringOf(spec?.display_name) ?? stringOf(spec?.name) ?? stringOf(info?.name) ?? null;
  const language = (stringOf(info?.name) ?? stringOf(spec?.language) ?? 'text').toLowerCase();
  return { kernel, language: /^[a-z0-9+#-]{1,30}$/.test(language) ? language : 'text' };
}

/** When the notebook was last run, where its metadata says so (JupyterLab's cell timings, papermill). */
function lastRunOf(notebook: Notebook): string | null {
  const times: number[] = [];
  const add = (value: unknown) => {
    const at = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isNaN(at)) times.push(at);
  };
  add((notebook.metadata.papermill as { end_time?: unknown } | undefined)?.end_time);
  for (const cell of notebook.cells) add((cell.metadata.execution as Record<string, unknown> | undefined)?.['shell.execute_reply']);
  return times.length ? new Date(Math.max(...times)).toISOString() : null;
}

/** The title: the front matter's, or the first heading's (then taken out of the body). */
function takeTitle(notebook: Notebook, sources: string[]): string {
  const front = notebook.cells[0]?.cell_type === 'raw' ? /^---\n[\s\S]*?^title:\s*["']?(.+?)["']?\s*$/m.exec(sources[0]) : null;
  if (front) return front[1];
  for (const [index, cell] of notebook.cells.entries()) {
    if (cell.cell_type !== 'markdown') continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(sources[index]);
    if (!heading) continue;
    sources[index] = sources[index].replace(heading[0], '').replace(/^\s*\n/, '');
    return heading[1].replace(/[*_`]/g, '');
  }
  return '';
}

interface Options {
  /** Leave every code cell's input out (the notebook-wide option). */
  hideCode: boolean;
}

export function convertNotebook(notebook: Notebook, options: Options): ConvertedNotebook {
  const { kernel, language } = kernelOf(notebook);
  const nonce = Math.random().toString(36).slice(2, 10);
  const sources = notebook.cells.map((cell) => joined(cell.source).replace(/\r\n?/g, '\n'));
  const title = takeTitle(notebook, sources);
  const blocks: { text: string; cell: number }[] = [];
  const pictures: NotebookPicture[] = [];
  const problems: string[] = [];
  /** The picture's token, which stands where it goes in the body. */
  const addPicture = (picture: Omit<NotebookPicture, 'token'>) => {
    const token = `notebook-picture-${nonce}-${pictures.length + 1}`;
    pictures.push({ token, ...picture });
    return token;
  };

  notebook.cells.forEach((cell: ICell, index) => {
    const number = index + 1;
    const tags = new Set(Array.isArray(cell.metadata.tags) ? cell.metadata.tags.map(String) : []);
    if (tags.has('remove-cell') || cell.cell_type === 'raw') return;
    if (cell.cell_type === 'markdown') {
      // Jupyter shows `$$…$$` alone on a line as display mathematics; the notes' Markdown wants its own lines for the dollars.
      const text = sources[index]
        .trim()
        .replace(/^[ \t]*\$\$([^\n]+?)\$\$[ \t]*$/gm, '$$$$\n$1\n$$$$')
        .replace(ATTACHED_IMAGE, (_image, alt: string, reference: string) => {
          const attached = attachmentNamed(((cell as { attachments?: unknown }).attachments ?? {}) as Record<string, unknown>, reference);
          const picture = attached && pictureIn(attached.bundle);
          const described = stringOf(alt.replace(/\\(.)/g, '$1')) ?? null;
          if (!attached || !picture || 'problem' in picture) {
            problems.push(`Cell ${number}: ${picture && 'problem' in picture ? picture.problem : NOTEBOOK_MESSAGES.attachmentMissing(reference)}`);
            return markdownAlt(described ?? '');
          }
          return addPicture({ type: picture.type, data: picture.bytes, alt: described, cell: number, output: null, attachment: attached.name });
        });
      if (text) blocks.push({ text, cell: number });
      return;
    }
    const { options: quarto, code } = quartoOptions(sources[index]);
    if (quarto.get('include') === 'false') return;
    const showInput = !options.hideCode && !tags.has('remove-input') && quarto.get('echo') !== 'false' && code.trim() !== '';
    const showOutput = !tags.has('remove-output') && quarto.get('output') !== 'false';
    const parts: string[] = [];
    if (showInput) {
      const input = fenced(code.trim(), language);
      parts.push(tags.has('hide-input') || tags.has('hide-cell') ? disclosure('Show code', input) : input);
    }
    const outputs: string[] = [];
    if (showOutput) {
      const alt = stringOf(cell.metadata.alt) ?? stringOf(quarto.get('fig-alt')) ?? stringOf(cell.metadata.caption) ?? stringOf(quarto.get('fig-cap')) ?? null;
      let textBytes = 0;
      ((cell.outputs ?? []) as IOutput[]).forEach((output, at) => {
        const block = outputBlock(
          output,
          (picture) => addPicture({ ...picture, alt, cell: number, output: at + 1, attachment: null }),
          (problem) => problems.push(`Cell ${number}: ${problem}`),
          (bytes) => (textBytes += bytes),
        );
        if (block) outputs.push(block);
      });
      if (textBytes > NOTEBOOK_LIMITS.outputTextBytes) problems.push(`Cell ${number}: ${NOTEBOOK_MESSAGES.outputText(textBytes)}`);
    }
    if (outputs.length) parts.push(tags.has('hide-output') || tags.has('hide-cell') ? disclosure('Show output', outputs.join('\n\n')) : outputs.join('\n\n'));
    if (parts.length) blocks.push({ text: parts.join('\n\n'), cell: number });
  });

  const cellLines: { line: number; cell: number }[] = [];
  let line = 1;
  for (const block of blocks) {
    cellLines.push({ line, cell: block.cell });
    line += block.text.split('\n').length + 1;
  }
  return { title, body: `${blocks.map((block) => block.text).join('\n\n')}\n`, pictures, kernel, lastRun: lastRunOf(notebook), cellLines, problems };
}

function outputBlock(
  output: IOutput,
  addPicture: (picture: { type: string; data: Uint8Array }) => string,
  problem: (message: string) => void,
  countText: (bytes: number) => void,
): string | undefined {
  const text = (value: string) => {
    countText(Buffer.byteLength(value));
    return textBlock(value);
  };
  if (output.output_type === 'stream') return text(joined(output.text));
  if (output.output_type === 'error') return text((output.traceback as string[]).join('\n') || `${String(output.ename)}: ${String(output.evalue)}`);
  const data = (output.data ?? {}) as Record<string, unknown>;
  const types = Object.keys(data);
  if (PICTURE_ORDER.some((type) => type in data)) {
    const picture = pictureIn(data);
    if (picture && 'problem' in picture) problem(picture.problem);
    return picture && !('problem' in picture) ? addPicture({ type: picture.type, data: picture.bytes }) : undefined;
  }
  if (types.some((type) => INTERACTIVE.test(type))) return `*${NOTEBOOK_MESSAGES.interactive}*`;
  const kind = TEXT_ORDER.find((type) => type in data);
  if (!kind) return undefined;
  const value = joined(data[kind]);
  countText(Buffer.byteLength(value));
  if (kind === 'text/html') return htmlBlock(value);
  if (kind === 'text/markdown' || kind === 'text/latex') return value.trim();
  return textBlock(value);
}

/** The body with each picture's token replaced by what `show` makes of it. */
export function withPictures(body: string, pictures: NotebookPicture[], show: (picture: NotebookPicture, index: number) => string): string {
  let result = body;
  pictures.forEach((picture, index) => {
    result = result.replace(picture.token, () => show(picture, index));
  });
  return result;
}

/** The cell a line of the body comes from. */
export function cellAt(cellLines: ConvertedNotebook['cellLines'], line: number): number | undefined {
  let found: number | undefined;
  for (const entry of cellLines) {
    if (entry.line > line) break;
    found = entry.cell;
  }
  return found;
}
