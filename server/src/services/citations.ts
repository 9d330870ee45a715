/**
 * Papers' citations (APA, Chicago, BibTeX, RIS): formatted in the worker pool after a paper's entry
 * changes and stored with it, so that a visitor's first view of a paper reads them, never formats them.
 */
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';

import { type Citations, CitationsSchema } from '../../contract/publications';
import type { PublicationRow } from '../db/schema';
import { publicationsWithoutCitations, storeCitations, storedCitations } from '../repositories/publications';

type Site = Pick<FastifyInstance, 'db' | 'work'>;

/** Papers formatted per round of the background formatting. */
const BATCH = 20;

/**
 * What a paper whose citations the pool refused to format (past the deadline: a machine busy for
 * seconds, or an entry far past any real one) is cited by meanwhile: its BibTeX. Not stored: the
 * citations are formatted again after the next change or start.
 */
const bibtexOnly = (row: PublicationRow): Citations => ({ apa: '', chicago: '', bibtex: row.bibtex, ris: '', apa_html: '', chicago_html: '' });

/** The citations formatted and stored now, or undefined when the pool refused them. */
async function formatAndStore(site: Site, row: PublicationRow): Promise<Citations | undefined> {
  const citations = await site.work.attempt('citations', row, () => undefined);
  if (citations) await storeCitations(site.db, row, citations);
  return citations;
}

/**
 * The paper's citations: stored ones, or formatted now (and stored) when its entry changed since or
 * they were stored by an older formatting or in an older shape (without a part the site now gives).
 */
export async function paperCitations(site: Site, row: PublicationRow): Promise<Citations> {
  const stored = storedCitations(row);
  if (Value.Check(CitationsSchema, stored)) return stored;
  return (await formatAndStore(site, row)) ?? bibtexOnly(row);
}

/** Formats every paper whose citations are missing, each once; answers how many it formatted. */
export async function formatMissingCitations(site: Site, stopping?: AbortSignal): Promise<number> {
  let formatted = 0;
  let after = 0;
  for (;;) {
    const rows = await publicationsWithoutCitations(site.db, after, BATCH);
    if (rows.length === 0) return formatted;
    for (const row of rows) {
      if (stopping?.aborted) return formatted;
      if (await formatAndStore(site, row)) formatted += 1;
    }
    after = rows[rows.length - 1].id;
  }
}
