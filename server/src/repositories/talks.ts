import type { Talk, TalkOnPaper } from '../../contract/talks';
import type { Db } from '../db';
import type { TalkRow } from '../db/schema';
import { paperKey } from '../publications/facets';
import { htmlToPlainText } from '../publications/plainText';
import { type AuditActor, changedDetails, deleteOneAudited, insertOneAudited, updateOneAudited } from './audit';
import { announce } from './followers';

/** What staff write, checked and rendered. */
export interface TalkFields {
  title: string;
  event: string;
  place: string;
  date: string;
  type: TalkRow['type'];
  abstract: string;
  abstract_html: string;
  slides_document_id: number | null;
  video: string;
  publication_id: number | null;
}

/** A talk with what its page shows of its related publication. */
export type TalkWithPaper = TalkRow & { paper_cite_key: string | null; paper_title_text: string | null };

/** Where visitors download a talk's slides: public, as the talk is. */
export const slidesPath = (id: number) => `/api/talks/${id}/slides/`;

export const toTalk = (row: TalkWithPaper): Talk => ({
  id: row.id,
  title: row.title,
  event: row.event,
  place: row.place,
  date: row.date,
  type: row.type,
  abstract: row.abstract,
  abstract_html: row.abstract_html,
  abstract_text: htmlToPlainText(row.abstract_html),
  slides: row.slides_document_id,
  slides_url: row.slides_document_id === null ? '' : slidesPath(row.id),
  video: row.video,
  paper: row.publication_id,
  paper_link: row.paper_cite_key === null || row.paper_title_text === null ? null : { key: paperKey(row.paper_cite_key), title: row.paper_title_text },
  updated_at: row.updated_at,
});

const subject = (row: TalkRow) => `talk ${row.id} (${row.date})`;

function selectTalks(db: Db) {
  return db
    .selectFrom('talks')
    .leftJoin('publications', 'publications.id', 'talks.publication_id')
    .selectAll('talks')
    .select(['publications.cite_key as paper_cite_key', 'publications.title_text as paper_title_text']);
}

/** The latest first: by the date they are given, then the latest written. */
export function listTalks(db: Db): Promise<TalkWithPaper[]> {
  return selectTalks(db).orderBy('talks.date', 'desc').orderBy('talks.id', 'desc').execute();
}

/** The talks given on a publication, the latest first. */
export function listTalksOnPaper(db: Db, publicationId: number): Promise<TalkOnPaper[]> {
  return db
    .selectFrom('talks')
    .select(['id', 'title', 'event', 'place', 'date'])
    .where('publication_id', '=', publicationId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findTalk(db: Db, id: number): Promise<TalkWithPaper | undefined> {
  return selectTalks(db).where('talks.id', '=', id).executeTakeFirst();
}

/** A new talk and its audit line, and its announcement to followers when asked, in one transaction; answers its id. */
export async function createTalk(db: Db, actor: AuditActor, talk: TalkFields, { announced }: { announced: boolean }): Promise<number> {
  const announcing = announced ? (trx: Db, row: TalkRow, at: string) => announce(trx, 'talk', [row.id], at) : undefined;
  return (await insertOneAudited(db, actor, 'talks', talk, (row) => ['talk.created', subject(row), row.title], announcing)).id;
}

/** Sets the given fields, naming them in the audit line (the abstract, not its HTML); undefined when the talk is gone. */
export const updateTalk = (db: Db, actor: AuditActor, id: number, change: Partial<TalkFields>): Promise<TalkRow | undefined> =>
  updateOneAudited(db, actor, 'talks', id, change, (row) => [
    'talk.updated',
    subject(row),
    changedDetails(Object.keys(change).filter((field) => field !== 'abstract_html')),
  ]);

/** Deletes a talk with its audit line; undefined when there was none. */
export const deleteTalk = (db: Db, actor: AuditActor, id: number): Promise<TalkRow | undefined> =>
  deleteOneAudited(db, actor, 'talks', id, (row) => ['talk.deleted', subject(row), row.title]);
