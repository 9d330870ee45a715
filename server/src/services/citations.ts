/**
 * Papers' citations (APA, Chicago, BibTeX, RIS): formatted in the worker pool after a paper's entry
 * changes and stored with it, so that a visitor's first view of a paper reads them, never formats them.
 */
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';

import { type Citations, CitationsSchema } from '../../contract/publications';
import type { PublicationRow } from '../db/schema';
import { publicationsWithoutCitations, storeCitations } from '../repositories/publications';

type Site = Pick<FastifyInstance, 'db' | 'work'>;

/** Papers formatted per round of the background formatting. */
const BATCH = 20;

/**
 * An entry whose citations the pool refuses to format (far past any real entry's size) is cited by its
 * BibTeX alone, stored like any other, so that it is not tried again on every view.
 */
const bibtexOnly = (row: PublicationRow): Citations => ({ apa: '', chicago: '', bibtex: row.bibtex, ris: '', apa_html: '', chicago_html: '' });

/**
 * The paper's citations: stored ones, or formatted now (and stored) when its entry changed since or
 * they were stored in an older shape (without a part the site now gives).
 */
export async function paperCitations(site: Site, row: PublicationRow): Promise<Citations> {
  const stored: unknown = row.citations ? JSON.parse(row.citations) : undefined;
  if (Value.Check(CitationsSchema, stored)) return stored;
  const citations = await site.work.attempt('citations', row, () => bibtexOnly(row));
  await storeCitations(site.db, row, citations);
  return citations;
}

/** Formats every paper whose citations are missing; answers how many it formatted. */
export async function formatMissingCitations(site: Site): Promise<number> {
  let formatted = 0;
  for (;;) {
    const rows = await publicationsWithoutCitations(site.db, BATCH);
    if (rows.length === 0) return formatted;
    for (const row of rows) await paperCitations(site, row);
    formatted += rows.length;
  }
}
