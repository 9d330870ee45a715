import { sql } from 'kysely';

import type { DownloadStats } from '../../contract/media';
import type { Db } from '../db';

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week holding the moment, as YYYY-MM-DD. */
export function weekStart(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** What was downloaded: a document, or the notebook a note was made from (by the note's id). */
export type Downloaded = { document: number } | { notebook: number };

/** Where each kind of download is counted: the table, and its column naming what was downloaded. */
const COUNTED_IN = {
  document: { table: 'download_counts', column: 'document_id' },
  notebook: { table: 'notebook_download_counts', column: 'note_id' },
} as const;

/** Adds downloads in the week; one statement, so that every instance's counts add up. */
export async function addDownloads(db: Db, downloaded: Downloaded, week: string, count: number): Promise<void> {
  const [{ table, column }, id] = 'document' in downloaded ? [COUNTED_IN.document, downloaded.document] : [COUNTED_IN.notebook, downloaded.notebook];
  await sql`INSERT INTO ${sql.table(table)} (${sql.ref(column)}, week_start, count) VALUES (${id}, ${week}, ${count})
    ON CONFLICT (${sql.ref(column)}, week_start) DO UPDATE SET count = ${sql.table(table)}.count + ${count}`.execute(db);
}

/** Weekly rows summed into one series per id over the weeks starting on `starts`, the most downloaded first. */
function perWeek<Row extends { id: number; week_start: string; count: number }, Entry>(
  rows: Row[],
  starts: string[],
  entry: (row: Row) => Entry,
): (Entry & { counts: number[]; total: number })[] {
  const series = new Map<number, Entry & { counts: number[]; total: number }>();
  for (const row of rows) {
    let found = series.get(row.id);
    if (!found) {
      found = { ...entry(row), counts: starts.map(() => 0), total: 0 };
      series.set(row.id, found);
    }
    const index = starts.indexOf(row.week_start);
    if (index >= 0) {
      found.counts[index] += row.count;
      found.total += row.count;
    }
  }
  return [...series.values()].sort((a, b) => b.total - a.total);
}

/**
 * Downloads per document over the last weeks (oldest first, weeks without downloads as 0), for
 * documents downloaded in them; likewise for notes' notebooks.
 */
export async function weeklyDownloads(db: Db, weeks: number, now = new Date()): Promise<DownloadStats> {
  const current = new Date(`${weekStart(now)}T00:00:00Z`).getTime();
  const starts = Array.from({ length: weeks }, (_, index) => new Date(current - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10));
  const [documentRows, notebookRows] = await Promise.all([
    db
      .selectFrom('download_counts')
      .innerJoin('documents', 'documents.id', 'download_counts.document_id')
      .leftJoin('document_categories', 'document_categories.id', 'documents.category_id')
      .select([
        'documents.id',
        'documents.name',
        'documents.is_current',
        'document_categories.name as category_name',
        'download_counts.week_start',
        'download_counts.count',
      ])
      .where('download_counts.week_start', '>=', starts[0])
      .orderBy('documents.name')
      .orderBy('documents.id')
      .execute(),
    db
      .selectFrom('notebook_download_counts')
      .innerJoin('notes', 'notes.id', 'notebook_download_counts.note_id')
      .select(['notes.id', 'notes.title', 'notebook_download_counts.week_start', 'notebook_download_counts.count'])
      .where('notebook_download_counts.week_start', '>=', starts[0])
      .orderBy('notes.title')
      .orderBy('notes.id')
      .execute(),
  ]);
  const documents = perWeek(documentRows, starts, (row) => ({
    id: row.id,
    name: row.name,
    category_name: row.category_name,
    is_current: row.is_current === 1,
  }));
  const notebooks = perWeek(notebookRows, starts, (row) => ({ id: row.id, title: row.title }));
  return { weeks: starts, documents, ...(notebooks.length ? { notebooks } : {}) };
}
