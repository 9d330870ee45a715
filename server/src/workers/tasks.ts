/**
 * The heavy work the site hands to its worker threads (workers/pool.ts): everything whose time grows
 * with what a user typed or uploaded. Each task takes and returns plain data (structured clones).
 */
import type { Citations } from '../../contract/publications';
import type { PublicationRow } from '../db/schema';
import type { FoundPhotos } from '../markdown/photos';
import type { BodyPlace, RenderedNote } from '../markdown/render';
import { renderMarkdown } from '../markdown/render';
import { type NotebookInput, notebookTask } from '../notebooks/task';
import { citationsOf, prepareCitationEngines } from '../publications/cite';
import { htmlToPlainText } from '../publications/plainText';
import { type EntriesRead, readEntries } from '../publications/render';
import { storedFields, toPublication } from '../repositories/publications';

/** A small body with every part the pipeline draws, rendered once by each thread before it takes work (also after a thread was ended). */
const WARM_UP_BODY = [
  '## Warm-up',
  'Text with $x^2$, `code` and a [link](https://example.org).',
  '$$\\int_0^1 f(x)\\,dx$$',
  '```python\nprint(1)\n```',
  '```chart\ntype: line\ntitle: Warm-up\n---\nx,y\n1,2\n2,3\n```',
].join('\n\n');
const WARM_UP_BIBTEX = '@article{warm, author = {Doe, Jane}, title = {A $\\mathbb{E}$ title}, journal = {J}, year = {2020}, pages = {1--2}}';

/** The two kinds of thread: one renders what staff write, the other formats citations (see pool.ts). */
export type ThreadKind = 'markup' | 'citations';

/** Loads and runs every part a thread of its kind uses once, so that its first real task is as fast as its others. */
export async function warmUpThread(kind: ThreadKind): Promise<void> {
  if (kind === 'citations') {
    prepareCitationEngines();
    return;
  }
  await renderMarkdown(WARM_UP_BODY, new Map());
  readEntries(WARM_UP_BIBTEX);
}

export const TASKS = {
  markdown: (input: { body: string; photos: FoundPhotos; topHeading?: BodyPlace }): Promise<RenderedNote> =>
    renderMarkdown(input.body, input.photos, input.topHeading),
  bibtex: (text: string): EntriesRead => readEntries(text),
  /** An uploaded `.ipynb` file: parsed here, since a large one would hold the event loop. */
  notebook: (input: NotebookInput) => notebookTask(input),
  citations: (row: PublicationRow): Citations => citationsOf(toPublication(row), storedFields(row), htmlToPlainText(row.abstract_html)),
  /** Answers once a thread is ready: a thread warms itself up (warmUpThread) before it takes any task. */
  ready: (): true => true,
};

export type Tasks = typeof TASKS;
export type TaskName = keyof Tasks;
