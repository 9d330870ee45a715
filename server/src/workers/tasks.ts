/**
 * The heavy work the site hands to its worker threads (workers/pool.ts): everything whose time grows
 * with what a user typed or uploaded. Each task takes and returns plain data (structured clones).
 */
import type { Citations } from '../../contract/publications';
import type { PublicationRow } from '../db/schema';
import type { FoundPhotos } from '../markdown/photos';
import type { RenderedNote } from '../markdown/render';
import { renderMarkdown } from '../markdown/render';
import { citationsOf } from '../publications/cite';
import { htmlToPlainText } from '../publications/plainText';
import { type EntriesRead, readEntries } from '../publications/render';
import { storedFields, toPublication } from '../repositories/publications';

/** A small body with every part the pipeline draws, rendered once by each thread before it takes work. */
const WARM_UP_BODY = [
  '## Warm-up',
  'Text with $x^2$, `code` and a [link](https://example.org).',
  '$$\\int_0^1 f(x)\\,dx$$',
  '```python\nprint(1)\n```',
  '```chart\ntype: line\ntitle: Warm-up\n---\nx,y\n1,2\n2,3\n```',
].join('\n\n');
const WARM_UP_BIBTEX = '@article{warm, author = {Doe, Jane}, title = {A $\\mathbb{E}$ title}, journal = {J}, year = {2020}, pages = {1--2}}';

export const TASKS = {
  markdown: (input: { body: string; photos: FoundPhotos; topHeading?: number }): Promise<RenderedNote> =>
    renderMarkdown(input.body, input.photos, input.topHeading),
  bibtex: (text: string): EntriesRead => readEntries(text),
  citations: (row: PublicationRow): Citations => citationsOf(toPublication(row), storedFields(row), htmlToPlainText(row.abstract_html)),
  /** Loads and runs every part once, so that a thread's first real task is as fast as its others. */
  warmUp: async (): Promise<true> => {
    await renderMarkdown(WARM_UP_BODY, new Map());
    const read = readEntries(WARM_UP_BIBTEX);
    if ('entries' in read) {
      const [entry] = read.entries;
      citationsOf(
        { ...entry, key: entry.cite_key, title_text: entry.title, topics: [], authors: entry.authors } as unknown as Parameters<typeof citationsOf>[0],
        entry.fields,
        '',
      );
    }
    return true;
  },
};

export type Tasks = typeof TASKS;
export type TaskName = keyof Tasks;
