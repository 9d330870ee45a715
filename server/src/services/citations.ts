/**
 * Papers' citations (APA, Chicago, BibTeX, RIS): formatted in the worker pool after a paper's entry
 * changes and stored with it, so that a visitor's first view of a paper reads them, never formats them.
 */
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';

import { type Citations, CitationsSchema } from '../../contract/publications';
import type { PublicationRow } from '../db/schema';
import { publicationsWithoutCitations, storeCitations, storedCitations } from '../repositories/publications';

type Site = Pick<FastifyInstance, 'db' | 'work' | 'changes'>;

/** Papers formatted per round of the background formatting. */
const BATCH = 20;

/**
 * What a paper is cited by until the background has formatted its citations (moments after a change,
 * or the next pass when the pool refused them: past the deadline on a machine busy for seconds, or an
 * entry far past any real one): its BibTeX, the other formats empty (see citationsPending).
 */
const bibtexOnly = (row: PublicationRow): Citations => ({ apa: '', chicago: '', bibtex: row.bibtex, ris: '', apa_html: '', chicago_html: '' });

/**
 * The paper's citations as stored, or its BibTeX alone while its entry changed since they were, or
 * they were stored by an older formatting or in an older shape (without a part the site now gives).
 */
export function paperCitations(row: PublicationRow): Citations {
  const stored = storedCitations(row);
  return Value.Check(CitationsSchema, stored) ? stored : bibtexOnly(row);
}

/**
 * Formats every paper whose citations are missing, each once, and announces each batch it stored so
 * that the pages of its papers are drawn again with them; answers how many it formatted.
 */
export async function formatMissingCitations(site: Site, stopping?: AbortSignal): Promise<number> {
  let formatted = 0;
  let after = 0;
  for (;;) {
    const rows = await publicationsWithoutCitations(site.db, after, BATCH);
    if (rows.length === 0) return formatted;
    let stored = 0;
    for (const row of rows) {
      if (stopping?.aborted) break;
      const citations = await site.work.attempt('citations', row, () => undefined);
      if (citations && (await storeCitations(site.db, row, citations))) stored += 1;
    }
    if (stored > 0) site.changes.publish('Citations');
    formatted += stored;
    if (stopping?.aborted) return formatted;
    after = rows[rows.length - 1].id;
  }
}
