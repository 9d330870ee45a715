/**
 * An `.ipynb` file read and checked against nbformat 4's structure (the fields its JSON schema
 * requires, and the kinds of their values), each problem named by its cell. Runs in a worker thread:
 * parsing a 20 MB file would hold the event loop.
 */
import type { ICell, INotebookContent, IOutput } from '@jupyterlab/nbformat';

import { NOTEBOOK_LIMITS, NOTEBOOK_MESSAGES } from '../../contract/notebooks';

export type Notebook = INotebookContent;
export type Read = { notebook: Notebook } | { problems: string[] };

const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** A character base64 never holds (line breaks it may); searching for one is far cheaper than matching the whole text. */
const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/;
/** Problems listed at most: past these, the file is wrong throughout and more lines would not help. */
const MAX_PROBLEMS = 50;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMultiline = (value: unknown) => typeof value === 'string' || (Array.isArray(value) && value.every((line) => typeof line === 'string'));
const isCount = (value: unknown) => value === null || (Number.isInteger(value) && (value as number) >= 0);

/** nbformat's "multiline string": one string, or lines to join. */
export const joined = (value: unknown): string => (Array.isArray(value) ? value.join('') : typeof value === 'string' ? value : '');

/** Base64 as notebooks hold it: its alphabet and line breaks, with at most two `=` at the very end. */
function isBase64(text: string): boolean {
  if (NOT_BASE64.test(text)) return false;
  const body = text.trimEnd();
  const padding = body.indexOf('=');
  return padding === -1 || (padding >= body.length - 2 && body.endsWith('='.repeat(body.length - padding)));
}

/** A MIME bundle: an output's data, or a Markdown cell's attachment (`holder` names which). */
function checkMimeBundle(data: unknown, problem: (message: string) => void, holder = 'output'): void {
  if (!isObject(data)) return problem(`its ${holder} has no data.`);
  for (const [type, value] of Object.entries(data)) {
    // JSON types (application/json, application/vnd.plotly.v1+json…) hold JSON itself.
    if (/[/+]json$/.test(type)) continue;
    if (!isMultiline(value)) return problem(`${holder} of type ${type} is not text.`);
    if (PICTURE_TYPES.includes(type) && !isBase64(joined(value))) problem(NOTEBOOK_MESSAGES.notBase64(type, holder));
  }
}

function checkOutput(output: unknown, problem: (message: string) => void): void {
  if (!isObject(output)) return problem('an output is not an object.');
  const kind = output.output_type;
  if (kind === 'stream') {
    if (typeof output.name !== 'string') problem('its stream output has no name.');
    if (!isMultiline(output.text)) problem('its stream output has no text.');
  } else if (kind === 'display_data' || kind === 'execute_result') {
    checkMimeBundle(output.data, problem);
    if (output.metadata !== undefined && !isObject(output.metadata)) problem('its output metadata is not an object.');
    if (kind === 'execute_result' && !isCount(output.execution_count)) problem('its result has no execution count.');
  } else if (kind === 'error') {
    if (typeof output.ename !== 'string' || typeof output.evalue !== 'string') problem('its error output has no ename or evalue.');
    if (!Array.isArray(output.traceback) || !output.traceback.every((line) => typeof line === 'string')) problem('its error output has no traceback.');
  } else problem(`an output is of unknown output_type ${JSON.stringify(kind)}.`);
}

function checkCell(cell: unknown, problem: (message: string) => void): void {
  if (!isObject(cell)) return problem('it is not an object.');
  if (!['code', 'markdown', 'raw'].includes(cell.cell_type as string))
    return problem(`its cell_type ${JSON.stringify(cell.cell_type)} is not code, markdown or raw.`);
  if (!isObject(cell.metadata)) problem('it has no metadata.');
  if (!isMultiline(cell.source)) problem('its source is not text.');
  if (cell.cell_type !== 'code') {
    // Pictures pasted into a Markdown cell, by name.
    if (cell.attachments === undefined) return;
    if (!isObject(cell.attachments)) return problem('its attachments are not an object.');
    for (const [name, bundle] of Object.entries(cell.attachments)) checkMimeBundle(bundle, problem, `attachment ${name}`);
    return;
  }
  if (!isCount(cell.execution_count)) problem('its execution_count is not a number or null.');
  if (!Array.isArray(cell.outputs)) return problem('it has no outputs list.');
  for (const output of cell.outputs) checkOutput(output, problem);
}

/** The notebook in the file, or what is wrong with it (by cell where it can). */
export function readNotebook(data: Uint8Array): Read {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return { problems: [NOTEBOOK_MESSAGES.notUtf8] };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // A nesting too deep for the parser is told as the pool tells it.
    if (error instanceof RangeError) throw error;
    return { problems: [NOTEBOOK_MESSAGES.notJson((error as Error).message)] };
  }
  if (!isObject(parsed) || !('nbformat' in parsed) || !isObject(parsed.metadata) || !Array.isArray(parsed.cells)) {
    if (isObject(parsed) && typeof parsed.nbformat === 'number' && parsed.nbformat !== 4)
      return { problems: [NOTEBOOK_MESSAGES.version(String(parsed.nbformat))] };
    return { problems: [NOTEBOOK_MESSAGES.notNotebook] };
  }
  if (parsed.nbformat !== 4) return { problems: [NOTEBOOK_MESSAGES.version(String(parsed.nbformat))] };
  const cells: unknown[] = parsed.cells;
  if (cells.length > NOTEBOOK_LIMITS.cells) return { problems: [NOTEBOOK_MESSAGES.tooManyCells(cells.length)] };
  const problems: string[] = [];
  if (!isCount(parsed.nbformat_minor) || parsed.nbformat_minor === null) problems.push('The notebook has no nbformat_minor.');
  cells.forEach((cell, index) => {
    if (problems.length < MAX_PROBLEMS) checkCell(cell, (message) => problems.push(`Cell ${index + 1}: ${message}`));
  });
  if (problems.length) return { problems: problems.slice(0, MAX_PROBLEMS) };
  return { notebook: parsed as unknown as Notebook };
}

export type { ICell, IOutput };
